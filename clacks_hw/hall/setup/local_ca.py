"""A hall's own certificate authority, for a name no public one signs (``hall.local``): `hall
setup --tls-local` makes an authority and a broker certificate for --host with it, and the
boards trust that authority alone (boards/hall-ca.pem, copied to each board's ca_file).

The authority's private key signs the one certificate and is never written: nobody can sign
another certificate the boards would trust. Both last LIFETIME_DAYS; to renew, or to start over
after the hall machine is lost, `hall setup --tls-local --force` makes a new authority (each
board then takes its new section and hall-ca.pem), as docs/shows.md says.
"""

from __future__ import annotations

import datetime
import ipaddress
from pathlib import Path

LIFETIME_DAYS = 3650  # ten years: a hall's name and machine outlive many shows


def local_tls(host: str, folder: Path, now: datetime.datetime | None = None) -> tuple[Path, Path, Path]:
    """(authority, certificate, key): PEM files written 0600 into ``folder``, the certificate
    for ``host`` (a name, or an address) signed by a new authority."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = now or datetime.datetime.now(datetime.timezone.utc)
    until = now + datetime.timedelta(days=LIFETIME_DAYS)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Clacks hall {host} authority")])
    ca_ski = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now).not_valid_after(until)
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                       data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                       crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
          .add_extension(ca_ski, critical=False)
          .sign(ca_key, hashes.SHA256()))
    try:
        names = [x509.IPAddress(ipaddress.ip_address(host))]
    except ValueError:
        names = [x509.DNSName(host)]
    cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now).not_valid_after(until)
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False)
            .sign(ca_key, hashes.SHA256()))
    pem = serialization.Encoding.PEM
    out = (folder / "hall-ca.pem", folder / "cert.pem", folder / "key.pem")
    texts = (ca.public_bytes(pem), cert.public_bytes(pem),
             key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    for path, data in zip(out, texts):
        path.touch(mode=0o600)
        path.write_bytes(data)
    return out
