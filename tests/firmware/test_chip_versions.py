"""Clone MFRC522 chips: every version in circulation is accepted, named in HELLO and by the
host (doctor's probe); an unknown or silent one is absent. Host and firmware name them alike."""

import pytest

from clacks_hw.drivers.hub_probe import probe_hub
from clacks_hw.drivers.hub_protocol import CHIP_NAMES, chip_name
from clacks_hw.testing.emulated_hub import EmulatedHub, load_firmware
from tests.fakes.reader_hub_rig import HubRig

fw = load_firmware()


def test_host_and_firmware_name_the_same_chips():
    assert CHIP_NAMES == fw.mfrc522.CHIP_NAMES
    assert {0x88, 0x89, 0xB2, 0x91, 0x92} <= set(CHIP_NAMES)


@pytest.mark.parametrize("version", [0x88, 0x89, 0xB2, 0x91, 0x92])
def test_each_known_version_initialises_reads_cards_and_is_named_in_hello(version):
    rig = HubRig(readers=1)
    rig.chips[0].version = version
    rig.chips[0].revive()  # power-on with that VersionReg
    boot = rig.start()
    assert boot[0][5:] == (f"{version:02X}", "ok") and ("ERR", "0", "absent") not in boot
    rig.chips[0].place(bytes.fromhex("04A2B3C4D5E680"))
    assert ("TAG", "0", "04A2B3C4D5E680") in rig.steps(2)


@pytest.mark.parametrize("version", [0x00, 0xFF, 0x37])
def test_silent_or_unknown_chip_is_absent_and_named_so(version):
    rig = HubRig(readers=2)
    rig.chips[1].version = version
    rig.chips[1].revive()
    boot = rig.start()
    assert ("ERR", "1", "absent") in boot and boot[0][5] == f"92,{version:02X}"


def test_probe_names_each_chip_for_doctor():
    with EmulatedHub(readers=2, versions=(0x92, 0x89)) as hub:
        result = probe_hub(hub.path, 5.0)
    assert result.ok and result.hello["chips"] == [0x92, 0x89]
    assert result.message.endswith("2 reader(s) (0: MFRC522 v2.0, 1: FM17522E)")
    assert chip_name(0x00) == "no chip answering" and chip_name(0x37) == "unknown chip 0x37"
