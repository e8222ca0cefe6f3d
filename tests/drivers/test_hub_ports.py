"""Finding the hub: only a port that answers HELLO counts, named by its stable by-id link."""

from types import SimpleNamespace

from clacks_hw.drivers import hub_ports
from clacks_hw.drivers.hub_ports import PortInfo, find_hub, resolve_hub_port

PICO = 0x2E8A


def answering(*devices):
    return lambda device, timeout: SimpleNamespace(ok=device in devices)


def test_the_one_port_that_answers_hello_is_the_hub():
    ports = [PortInfo("/dev/ttyACM0", "Board", PICO, 5), PortInfo("/dev/ttyACM1", "Board", PICO, 5)]
    assert resolve_hub_port(ports, answering("/dev/ttyACM1")) == ("/dev/ttyACM1", "")


def test_two_hubs_answering_is_refused_with_the_fix():
    ports = [PortInfo("/dev/ttyACM0", "", PICO, 5), PortInfo("/dev/ttyACM1", "", PICO, 5)]
    port, why = resolve_hub_port(ports, answering("/dev/ttyACM0", "/dev/ttyACM1"))
    assert port is None and "several reader hubs" in why and "--port" in why


def test_no_candidate_says_what_was_seen_and_what_to_do():
    port, why = resolve_hub_port([PortInfo("/dev/ttyS0")], answering())
    assert port is None and "/dev/ttyS0" in why and "plug the hub in" in why


def test_find_hub_prefers_the_by_id_name(monkeypatch):
    monkeypatch.setattr(hub_ports, "list_serial_ports", lambda: [PortInfo("/dev/ttyACM0", "", PICO, 5)])
    monkeypatch.setattr(hub_ports, "by_id_name", lambda device, root="/": "/dev/serial/by-id/usb-pico-if00")
    assert find_hub(answering("/dev/ttyACM0")) == ("/dev/serial/by-id/usb-pico-if00", "")


def test_find_hub_without_a_hub_explains(monkeypatch):
    monkeypatch.setattr(hub_ports, "list_serial_ports", lambda: [])
    port, why = find_hub(answering())
    assert port is None and "no reader hub found" in why
