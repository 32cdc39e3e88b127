"""Verifies a client certificate against a root with Python cryptography's X.509 verifier.

Usage: verify_chain.py ROOT.pem LEAF.pem [INTERMEDIATE.pem ...]
Prints "valid" or "invalid: <reason>"; exits 0 either way (the test reads the answer).
"""
import datetime
import sys

from cryptography import x509
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError


def load(path):
    with open(path, "rb") as f:
        return x509.load_pem_x509_certificate(f.read())


root, leaf = load(sys.argv[1]), load(sys.argv[2])
intermediates = [load(p) for p in sys.argv[3:]]
verifier = (PolicyBuilder().store(Store([root]))
            .time(datetime.datetime.now(datetime.timezone.utc))
            .build_client_verifier())
try:
    verifier.verify(leaf, intermediates)
    print("valid")
except VerificationError as error:
    print(f"invalid: {error}")
