#!/usr/bin/python3
"""Self-tests of the Q2 reference solver (plain asserts; pytest-compatible).

Run:  /usr/bin/python3 tests/validation/test_q2_reference.py
 (or  /usr/bin/python3 -m pytest tests/validation/test_q2_reference.py  if pytest exists)
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import q2_reference as q  # noqa: E402


def test_patch_linear_field_exact():
    err, res = q.patch_test(verbose=False)
    assert err < 1e-12, err
    assert res < 1e-12, res


def test_manufactured_rates():
    _, rates = q.manufactured(levels=(4, 8, 16, 32), verbose=False)
    l2, h1 = rates[-1]
    assert abs(l2 - 3.0) < 0.1, l2   # O(h^3) in L2
    assert abs(h1 - 2.0) < 0.1, h1   # O(h^2) in H1 / energy


def test_rigid_modes_in_kernel():
    lam, G = q.lame(1.0, q.NU)
    m = q.Mesh(np.array([0.0, 0.2, 0.7, 1.0]), np.array([0.0, 0.4, 1.0]))
    K = m.stiffness(lam, G)
    XX, ZZ = np.meshgrid(m.X, m.Z, indexing="xy")
    for u, w in [(1.0 + 0 * XX, 0 * XX), (0 * XX, 1.0 + 0 * XX), (-ZZ, XX)]:
        U = np.empty(m.ndof)
        U[0::2] = u.ravel()
        U[1::2] = w.ravel()
        assert np.max(np.abs(K @ U)) < 1e-12


def test_surface_mass_integrates_length():
    X = np.array([0.0, 0.05, 0.1, 0.3, 0.5])
    M = q.surface_mass(X)
    assert abs(M.sum() - 0.5) < 1e-15


def test_half_model_equals_full_model():
    a = q.LX / 8
    (Q1, P1), (Q2, P2) = q.full_strip_pair(a, 4)
    bn = q.bonded_normal(a, 4)["value"]
    bt = q.bonded_tangential(a, 4)["value"]
    assert abs(bn - P2 / q.G_MOD) < 1e-9 * bn
    assert abs(bt - Q1 / q.G_MOD) < 1e-9 * bt
    assert abs(P1) < 1e-9 * abs(P2) and abs(Q2) < 1e-9 * abs(Q1)


def test_hertz_load_balance_and_symmetric_profile():
    aH = 0.1 * q.LX
    x = np.round(np.arange(-120, 121) / 100.0, 2)
    o = q.hertz_case(aH, 16, 200 * q.LX, x)
    p = o["profile"]
    assert np.allclose(p, p[::-1])
    # integral of p/pH over x/aH equals W/(pH aH) = pi/2
    integral = np.trapz(p, x)
    assert abs(integral - math.pi / 2) < 0.03, integral


def main():
    tests = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
    for t in tests:
        t()
        print(f"ok  {t.__name__}")
    print(f"{len(tests)} tests passed")


if __name__ == "__main__":
    main()
