#!/usr/bin/python3
"""Independent Q2 (9-node biquadratic Lagrange) plane-strain FE reference for tribo.

Written from scratch (numpy + scipy.sparse); shares no code with tribo.

Geometry: slab x in [0, Lx], z in [0, Lz], z measured downward from the top
surface z = 0.  Displacements u (x) and w (z, positive downward).  Sides are
traction-free; the bottom is either "frictionless" (w = 0, zero shear) or
"bonded" (u = w = 0).  All load cases are symmetric about x = xc = Lx/2, so the
studies use the half model s = x - xc in [0, Lx/2] with a symmetry
(u = 0 at s = 0, for normal loading) or antisymmetry (w = 0 at s = 0, for
tangential loading) condition.  `--quick` also checks the half model against
the full model and shows that the constant-load interference rate of the
lateral-stiffness case vanishes by symmetry.

Usage:
    /usr/bin/python3 tests/validation/q2_reference.py --quick   # smoke run
    /usr/bin/python3 tests/validation/q2_reference.py           # full study,
                                                                # writes reference.yaml
See README.md in this directory for the problem definitions and results.
"""
import argparse
import math
import os
import sys
import time

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla

# ----------------------------------------------------------------------------
# material and geometry
G_MOD = 1.0e10
NU = 1.0 / 3.0
LX = 1.0e-3
LZ = 1.0e-3


def lame(G, nu):
    return 2.0 * G * nu / (1.0 - 2.0 * nu), G


# ----------------------------------------------------------------------------
# reference element
GP3 = np.array([-math.sqrt(0.6), 0.0, math.sqrt(0.6)])
GW3 = np.array([5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0])


def shape1d(xi):
    """1D quadratic Lagrange on nodes -1, 0, 1: values and derivatives."""
    xi = np.asarray(xi, float)
    N = np.stack([0.5 * xi * (xi - 1.0), 1.0 - xi * xi, 0.5 * xi * (xi + 1.0)], -1)
    dN = np.stack([xi - 0.5, -2.0 * xi, xi + 0.5], -1)
    return N, dN


def shape2d(xi, eta):
    """9-node shape functions; local node index = 3*b + a (a along x, b along z)."""
    Nx, dNx = shape1d(xi)
    Nz, dNz = shape1d(eta)
    N = (Nz[..., :, None] * Nx[..., None, :]).reshape(np.shape(xi) + (9,))
    Nxi = (Nz[..., :, None] * dNx[..., None, :]).reshape(np.shape(xi) + (9,))
    Neta = (dNz[..., :, None] * Nx[..., None, :]).reshape(np.shape(xi) + (9,))
    return N, Nxi, Neta


def reference_matrices(lam, G):
    """Element stiffness of a hx-by-hz rectangle = (hz/hx) Kxx + (hx/hz) Kzz + Kxz."""
    Kxx = np.zeros((18, 18))
    Kzz = np.zeros((18, 18))
    Kxz = np.zeros((18, 18))
    for i, xi in enumerate(GP3):
        for j, eta in enumerate(GP3):
            w = GW3[i] * GW3[j]
            _, a, b = shape2d(np.array(xi), np.array(eta))  # d/dxi, d/deta
            # dofs: 2*n (u), 2*n+1 (w)
            U = slice(0, 18, 2)
            W = slice(1, 18, 2)
            # xx-type: (lam+2G) u_xi v_xi + G w_xi om_xi, scaled by hz/hx
            Kxx[U, U] += w * (lam + 2 * G) * np.outer(a, a)
            Kxx[W, W] += w * G * np.outer(a, a)
            # zz-type: (lam+2G) w_eta om_eta + G u_eta v_eta, scaled by hx/hz
            Kzz[W, W] += w * (lam + 2 * G) * np.outer(b, b)
            Kzz[U, U] += w * G * np.outer(b, b)
            # mixed, scale 1: lam (u_x om_z + w_z v_x) + G (u_z om_x + w_x v_z)
            # bilinear form a(v, u): rows = test, cols = trial
            Kxz[U, W] += w * (lam * np.outer(a, b) + G * np.outer(b, a))
            Kxz[W, U] += w * (lam * np.outer(b, a) + G * np.outer(a, b))
    # factor 4/(hx*hz)*(hx*hz/4) etc. already folded: d/dx = 2/hx d/dxi,
    # dA = hx hz / 4  ->  xx: hz/hx, zz: hx/hz, xz: 1
    return Kxx, Kzz, Kxz


# ----------------------------------------------------------------------------
# meshes
def graded_segment(x0, x1, n, bl=1.0, br=1.0):
    """n elements on [x0, x1]; power grading with exponent bl toward x0 and br
    toward x1 (the two halves meet at the midpoint).  Doubling n keeps every
    old vertex (nested meshes).  n must be even when grading at both ends."""
    t = np.arange(n + 1) / n
    if bl == 1.0 and br == 1.0:
        s = t
    elif br == 1.0:
        s = t ** bl
    elif bl == 1.0:
        s = 1.0 - (1.0 - t) ** br
    else:
        if n % 2:
            raise ValueError("n must be even for two-sided grading")
        s = np.where(t <= 0.5, 0.5 * (2 * t) ** bl, 1.0 - 0.5 * (2 * (1.0 - t)) ** br)
    return x0 + (x1 - x0) * s


def join_segments(segs):
    pts = [segs[0]]
    for s in segs[1:]:
        assert abs(s[0] - pts[-1][-1]) <= 1e-15 * max(1.0, abs(s[0])) + 1e-300
        pts.append(s[1:])
    return np.concatenate(pts)


class Mesh:
    """Tensor-product Q2 mesh from vertex coordinates xv (along x) and zv (along z)."""

    def __init__(self, xv, zv):
        self.xv = np.asarray(xv, float)
        self.zv = np.asarray(zv, float)
        self.nex = len(xv) - 1
        self.nez = len(zv) - 1
        self.hx = np.diff(self.xv)
        self.hz = np.diff(self.zv)
        assert np.all(self.hx > 0) and np.all(self.hz > 0)
        # node coordinates including midpoints
        self.X = np.empty(2 * self.nex + 1)
        self.X[0::2] = self.xv
        self.X[1::2] = 0.5 * (self.xv[:-1] + self.xv[1:])
        self.Z = np.empty(2 * self.nez + 1)
        self.Z[0::2] = self.zv
        self.Z[1::2] = 0.5 * (self.zv[:-1] + self.zv[1:])
        self.nnx = len(self.X)
        self.nnz = len(self.Z)
        self.nnodes = self.nnx * self.nnz
        self.ndof = 2 * self.nnodes
        ex, ez = np.meshgrid(np.arange(self.nex), np.arange(self.nez), indexing="xy")
        ex = ex.ravel()
        ez = ez.ravel()
        self.ex, self.ez = ex, ez
        a = np.array([0, 1, 2, 0, 1, 2, 0, 1, 2])
        b = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2])
        self.enodes = (2 * ez[:, None] + b[None, :]) * self.nnx + (2 * ex[:, None] + a[None, :])
        ed = np.empty((len(ex), 18), dtype=np.int64)
        ed[:, 0::2] = 2 * self.enodes
        ed[:, 1::2] = 2 * self.enodes + 1
        self.edofs = ed

    def node(self, ix, iz):
        return iz * self.nnx + ix

    def udof(self, ix, iz):
        return 2 * self.node(ix, iz)

    def wdof(self, ix, iz):
        return 2 * self.node(ix, iz) + 1

    def stiffness(self, lam, G):
        Kxx, Kzz, Kxz = reference_matrices(lam, G)
        hx = self.hx[self.ex]
        hz = self.hz[self.ez]
        Ke = ((hz / hx)[:, None, None] * Kxx[None] + (hx / hz)[:, None, None] * Kzz[None]
              + Kxz[None])
        rows = np.repeat(self.edofs, 18, axis=1).ravel()
        cols = np.tile(self.edofs, (1, 18)).ravel()
        K = sp.coo_matrix((Ke.ravel(), (rows, cols)), shape=(self.ndof, self.ndof)).tocsr()
        K.sum_duplicates()
        return K

    def body_force_vector(self, fx, fz):
        """Consistent load of a body force (functions of x, z), 3x3 Gauss."""
        F = np.zeros(self.ndof)
        XI, ETA = np.meshgrid(GP3, GP3, indexing="xy")
        Wq = np.outer(GW3, GW3)  # [j(eta), i(xi)]
        N, _, _ = shape2d(XI, ETA)  # (3,3,9)
        x0 = self.xv[self.ex]
        z0 = self.zv[self.ez]
        hx = self.hx[self.ex]
        hz = self.hz[self.ez]
        xq = x0[:, None, None] + 0.5 * hx[:, None, None] * (XI[None] + 1)
        zq = z0[:, None, None] + 0.5 * hz[:, None, None] * (ETA[None] + 1)
        jac = (0.25 * hx * hz)[:, None, None] * Wq[None]
        fe_u = np.einsum("eij,ijn->en", fx(xq, zq) * jac, N)
        fe_w = np.einsum("eij,ijn->en", fz(xq, zq) * jac, N)
        np.add.at(F, self.edofs[:, 0::2].ravel(), fe_u.ravel())
        np.add.at(F, self.edofs[:, 1::2].ravel(), fe_w.ravel())
        return F

    def errors(self, U, uex, wex, grad_ex, nq=4):
        """L2 and H1-seminorm errors against an exact field (nq x nq Gauss)."""
        gp, gw = np.polynomial.legendre.leggauss(nq)
        XI, ETA = np.meshgrid(gp, gp, indexing="xy")
        Wq = np.outer(gw, gw)
        N, Nxi, Neta = shape2d(XI, ETA)
        x0 = self.xv[self.ex]
        z0 = self.zv[self.ez]
        hx = self.hx[self.ex]
        hz = self.hz[self.ez]
        xq = x0[:, None, None] + 0.5 * hx[:, None, None] * (XI[None] + 1)
        zq = z0[:, None, None] + 0.5 * hz[:, None, None] * (ETA[None] + 1)
        jac = (0.25 * hx * hz)[:, None, None] * Wq[None]
        ue = U[self.edofs[:, 0::2]]
        we = U[self.edofs[:, 1::2]]
        uh = np.einsum("ijn,en->eij", N, ue)
        wh = np.einsum("ijn,en->eij", N, we)
        uhx = np.einsum("ijn,en->eij", Nxi, ue) * (2 / hx)[:, None, None]
        uhz = np.einsum("ijn,en->eij", Neta, ue) * (2 / hz)[:, None, None]
        whx = np.einsum("ijn,en->eij", Nxi, we) * (2 / hx)[:, None, None]
        whz = np.einsum("ijn,en->eij", Neta, we) * (2 / hz)[:, None, None]
        ux, uz, wx, wz = grad_ex(xq, zq)
        l2 = np.sum(((uh - uex(xq, zq)) ** 2 + (wh - wex(xq, zq)) ** 2) * jac)
        h1 = np.sum(((uhx - ux) ** 2 + (uhz - uz) ** 2 + (whx - wx) ** 2 + (whz - wz) ** 2) * jac)
        return math.sqrt(l2), math.sqrt(h1)


def surface_mass(X):
    """1D Q2 mass matrix on nodes X (odd count, vertices at even positions)."""
    n = len(X)
    ne = (n - 1) // 2
    N, _ = shape1d(GP3)
    me = np.einsum("q,qa,qb->ab", GW3, N, N)  # on [-1,1]
    h = X[2::2] - X[0:-1:2]
    rows, cols, vals = [], [], []
    idx = 2 * np.arange(ne)[:, None] + np.arange(3)[None, :]
    vals = (0.5 * h)[:, None, None] * me[None]
    rows = np.repeat(idx, 3, axis=1).ravel()
    cols = np.tile(idx, (1, 3)).ravel()
    return sp.coo_matrix((vals.ravel(), (rows, cols)), shape=(n, n)).tocsr()


def interp_trace(X, vals, xq):
    """Evaluate the Q2 trace (nodal values vals on nodes X) at points xq."""
    xq = np.atleast_1d(np.asarray(xq, float))
    xv = X[0::2]
    e = np.clip(np.searchsorted(xv, xq, side="right") - 1, 0, len(xv) - 2)
    xi = 2 * (xq - xv[e]) / (xv[e + 1] - xv[e]) - 1
    N, _ = shape1d(xi)
    v = vals[2 * e[:, None] + np.arange(3)[None, :]]
    return np.sum(N * v, axis=1)


# ----------------------------------------------------------------------------
# linear solves with Dirichlet elimination
class DirichletSolver:
    def __init__(self, K, fixed):
        self.K = K
        self.n = K.shape[0]
        fixed = np.unique(np.asarray(fixed, dtype=np.int64))
        mask = np.ones(self.n, bool)
        mask[fixed] = False
        self.fixed = fixed
        self.free = np.nonzero(mask)[0]
        Kf = K[self.free]
        self.Kff = Kf[:, self.free].tocsc()
        self.Kfp = Kf[:, self.fixed].tocsr()
        self.Kp = K[self.fixed].tocsr()
        self.lu = spla.splu(self.Kff, permc_spec="MMD_AT_PLUS_A",
                            diag_pivot_thresh=0.0, options={"SymmetricMode": True})

    def solve(self, vals, F=None):
        """vals: prescribed values on self.fixed (nfix or nfix x nrhs)."""
        vals = np.asarray(vals, float)
        one = vals.ndim == 1
        if one:
            vals = vals[:, None]
        rhs = -(self.Kfp @ vals)
        if F is not None:
            Fm = F[:, None] if F.ndim == 1 else F
            rhs = rhs + Fm[self.free]
        uf = self.lu.solve(rhs)
        U = np.zeros((self.n, vals.shape[1]))
        U[self.free] = uf
        U[self.fixed] = vals
        R = self.Kp @ U
        if F is not None:
            R = R - Fm[self.fixed]
        if one:
            return U[:, 0], R[:, 0]
        return U, R


# ----------------------------------------------------------------------------
# verification problems
def patch_test(verbose=True):
    lam, G = lame(1.0, NU)
    xv = np.array([0.0, 0.13, 0.5, 0.62, 1.0])
    zv = np.array([0.0, 0.3, 0.35, 0.8])
    m = Mesh(xv, zv)
    K = m.stiffness(lam, G)
    c = [0.1, 0.7, -0.3, -0.2, 0.4, 0.9]
    XX, ZZ = np.meshgrid(m.X, m.Z, indexing="xy")
    uex = (c[0] + c[1] * XX + c[2] * ZZ).ravel()
    wex = (c[3] + c[4] * XX + c[5] * ZZ).ravel()
    Uex = np.empty(m.ndof)
    Uex[0::2] = uex
    Uex[1::2] = wex
    bnd = []
    for iz in range(m.nnz):
        for ix in range(m.nnx):
            if ix in (0, m.nnx - 1) or iz in (0, m.nnz - 1):
                bnd += [m.udof(ix, iz), m.wdof(ix, iz)]
    s = DirichletSolver(K, bnd)
    U, _ = s.solve(Uex[s.fixed])
    err = np.max(np.abs(U - Uex))
    # also: rigid-body modes are in the kernel of K
    res = np.max(np.abs(K @ Uex)[s.free])
    if verbose:
        print(f"patch test: max nodal error {err:.2e}, interior residual {res:.2e}")
    return err, res


def manufactured(levels=(2, 4, 8, 16, 32), verbose=True):
    """u = sin(pi x) sin(pi z), w = sin(2 pi x) sin(pi z) on the unit square
    (homogeneous Dirichlet), graded non-uniform rectangular mesh."""
    lam, G = lame(1.0, NU)
    pi = math.pi
    uex = lambda x, z: np.sin(pi * x) * np.sin(pi * z)
    wex = lambda x, z: np.sin(2 * pi * x) * np.sin(pi * z)

    def grad(x, z):
        return (pi * np.cos(pi * x) * np.sin(pi * z), pi * np.sin(pi * x) * np.cos(pi * z),
                2 * pi * np.cos(2 * pi * x) * np.sin(pi * z), pi * np.sin(2 * pi * x) * np.cos(pi * z))

    def fx(x, z):
        uxx = -pi ** 2 * uex(x, z)
        uzz = -pi ** 2 * uex(x, z)
        wxz = 2 * pi ** 2 * np.cos(2 * pi * x) * np.cos(pi * z)
        return -((lam + 2 * G) * uxx + G * uzz + (lam + G) * wxz)

    def fz(x, z):
        wxx = -4 * pi ** 2 * wex(x, z)
        wzz = -pi ** 2 * wex(x, z)
        uxz = pi ** 2 * np.cos(pi * x) * np.cos(pi * z)
        return -(G * wxx + (lam + 2 * G) * wzz + (lam + G) * uxz)

    out = []
    for n in levels:
        xv = graded_segment(0.0, 1.0, n, 1.5, 1.0)
        zv = graded_segment(0.0, 1.0, n, 1.0, 1.3)
        m = Mesh(xv, zv)
        K = m.stiffness(lam, G)
        F = m.body_force_vector(fx, fz)
        bnd = []
        for iz in range(m.nnz):
            for ix in range(m.nnx):
                if ix in (0, m.nnx - 1) or iz in (0, m.nnz - 1):
                    bnd += [m.udof(ix, iz), m.wdof(ix, iz)]
        s = DirichletSolver(K, bnd)
        U, _ = s.solve(np.zeros(len(s.fixed)), F)
        out.append((n,) + m.errors(U, uex, wex, grad))
    if verbose:
        print("manufactured solution (graded rectangles):")
        print(f"  {'n':>4} {'L2 error':>12} {'order':>6} {'H1 error':>12} {'order':>6}")
    rates = []
    for k, (n, l2, h1) in enumerate(out):
        if k:
            r2 = math.log2(out[k - 1][1] / l2)
            r1 = math.log2(out[k - 1][2] / h1)
            rates.append((r2, r1))
            s2, s1 = f"{r2:6.3f}", f"{r1:6.3f}"
        else:
            s2 = s1 = ""
        if verbose:
            print(f"  {n:4d} {l2:12.4e} {s2:>6} {h1:12.4e} {s1:>6}")
    return out, rates


# ----------------------------------------------------------------------------
# half-model meshes and boundary sets
def punch_mesh(a, n, Lx=LX, Lz=LZ):
    """Half model s in [0, Lx/2] (s = x - xc), power-graded (exponent 3) toward
    the punch edge s = a in x and toward the top in z; mild grading (exponent 2)
    toward the bottom corner s = Lx/2, z = Lz (bonded-corner singularity)."""
    xs = join_segments([graded_segment(0.0, a, n, 1.0, 3.0),
                        graded_segment(a, 0.5 * Lx, n, 3.0, 2.0)])
    zs = join_segments([graded_segment(0.0, a, n, 3.0, 1.0),
                        graded_segment(a, Lz, n, 1.5, 2.0)])
    return Mesh(xs, zs)


def hertz_mesh(aH, n, Lx=LX, Lz=LZ, span=1.3):
    """Uniform n x n block over [0, span*aH]^2 under the contact, graded outside."""
    b = span * aH
    xs = join_segments([graded_segment(0.0, b, n), graded_segment(b, 0.5 * Lx, n // 2, 1.5, 2.0)])
    zs = join_segments([graded_segment(0.0, b, n), graded_segment(b, Lz, n // 2, 1.5, 2.0)])
    return Mesh(xs, zs)


def bottom_dofs(m, support):
    iz = m.nnz - 1
    w = [m.wdof(ix, iz) for ix in range(m.nnx)]
    if support == "bonded":
        return w + [m.udof(ix, iz) for ix in range(m.nnx)]
    return w  # frictionless: u = 0 at s = 0 comes from the symmetry condition


def symmetry_dofs(m, kind):
    """s = 0 line: 'sym' (normal loading): u = 0; 'anti' (tangential): w = 0."""
    if kind == "sym":
        return [m.udof(0, iz) for iz in range(m.nnz)]
    return [m.wdof(0, iz) for iz in range(m.nnz)]


def top_nodes_upto(m, a):
    ix = np.nonzero(m.X <= a * (1 + 1e-12))[0]
    return ix


# ----------------------------------------------------------------------------
# load cases (half model; totals are doubled)
def strip_case(a, n, support, ustrip, wstrip, sym, want_pressure=False):
    """Rigid strip |s| <= a with prescribed (u, w) = (ustrip, wstrip); None means
    that component is free (zero shear traction).  Returns totals of the full
    model (horizontal Q, vertical P) and optionally the recovered pressure."""
    lam, G = lame(G_MOD, NU)
    m = punch_mesh(a, n)
    K = m.stiffness(lam, G)
    ixs = top_nodes_upto(m, a)
    fixed = bottom_dofs(m, support) + symmetry_dofs(m, sym)
    su = [m.udof(ix, 0) for ix in ixs] if ustrip is not None else []
    sw = [m.wdof(ix, 0) for ix in ixs] if wstrip is not None else []
    fixed_all = fixed + su + sw
    s = DirichletSolver(K, fixed_all)
    vals = np.zeros(len(s.fixed))
    pos = {d: k for k, d in enumerate(s.fixed)}
    for d in su:
        vals[pos[d]] = ustrip
    for d in sw:
        vals[pos[d]] = wstrip
    U, R = s.solve(vals)
    Q = 2.0 * sum(R[pos[d]] for d in su) if su else 0.0
    P = 2.0 * sum(R[pos[d]] for d in sw) if sw else 0.0
    out = {"P": P, "Q": Q, "ndof": m.ndof, "nfree": len(s.free)}
    if want_pressure:
        Xc = m.X[ixs]
        M = surface_mass(Xc)
        r = np.array([R[pos[d]] for d in sw])
        t = spla.spsolve(M.tocsc(), r)
        out["Xc"] = Xc
        out["t"] = t
    return out


def flat_frictionless(a, n, s_over_a):
    delta = 1.0e-6
    o = strip_case(a, n, "frictionless", None, delta, "sym", want_pressure=True)
    P = o["P"]
    p = interp_trace(o["Xc"], o["t"], np.asarray(s_over_a) * a)
    return {"value": P / (G_MOD * delta), "shape": p * a / P, "ndof": o["ndof"]}


def bonded_normal(a, n):
    delta = 1.0e-6
    o = strip_case(a, n, "bonded", 0.0, delta, "sym")
    return {"value": o["P"] / (G_MOD * delta), "ndof": o["ndof"]}


def bonded_tangential(a, n):
    Delta = 1.0e-6
    o = strip_case(a, n, "bonded", Delta, 0.0, "anti")
    return {"value": o["Q"] / (G_MOD * Delta), "ndof": o["ndof"]}


def hertz_load(aH, R):
    Estar = 2.0 * G_MOD / (1.0 - NU)
    return math.pi * Estar * aH ** 2 / (4.0 * R)


def hertz_case(aH, n, R, x_over_aH, verbose=False):
    lam, G = lame(G_MOD, NU)
    W = hertz_load(aH, R)
    pH = 2.0 * W / (math.pi * aH)
    m = hertz_mesh(aH, n)
    K = m.stiffness(lam, G)
    fixed = bottom_dofs(m, "bonded") + symmetry_dofs(m, "sym")
    s = DirichletSolver(K, fixed)
    span = 1.3 * aH
    ixs = top_nodes_upto(m, span)
    Xc = m.X[ixs]
    cd = np.array([m.wdof(ix, 0) for ix in ixs])
    nc = len(cd)
    # surface flexibility C[i, j] = w_i for a unit downward force at node j
    C = np.empty((nc, nc))
    for j0 in range(0, nc, 64):
        cols = np.arange(j0, min(nc, j0 + 64))
        F = np.zeros((m.ndof, len(cols)))
        F[cd[cols], np.arange(len(cols))] = 1.0
        U, _ = s.solve(np.zeros((len(s.fixed), len(cols))), F)
        C[:, cols] = U[cd]
    C = 0.5 * (C + C.T)
    hgt = Xc ** 2 / (R + np.sqrt(R ** 2 - Xc ** 2))  # R - sqrt(R^2 - s^2)
    A = Xc <= aH
    cpen = 1.0 / np.mean(np.diag(C))
    for it in range(200):
        ia = np.nonzero(A)[0]
        na = len(ia)
        Msys = np.zeros((na + 1, na + 1))
        Msys[:na, :na] = C[np.ix_(ia, ia)]
        Msys[:na, na] = -1.0
        Msys[na, :na] = 1.0
        rhs = np.concatenate([-hgt[ia], [0.5 * W]])
        sol = np.linalg.solve(Msys, rhs)
        f = np.zeros(nc)
        f[ia] = sol[:na]
        d = sol[na]
        w = C @ f
        gap = w - (d - hgt)
        Anew = (f - cpen * gap) > 0
        if np.array_equal(Anew, A):
            break
        A = Anew
    else:
        raise RuntimeError("active set did not settle")
    ia = np.nonzero(A)[0]
    assert np.all(np.diff(ia) == 1) and ia[0] == 0, "contact set not simply connected"
    last = ia[-1]
    assert last < nc - 4, "contact reaches the candidate boundary"
    # variational traction recovery on the elements touching the active nodes
    ne_c = last // 2 + 1
    if last % 2 == 0 and last > 0:
        ne_c = last // 2 + 1  # include the element beyond an active vertex
    nrec = 2 * ne_c + 1
    Mr = surface_mass(Xc[:nrec])
    t = spla.spsolve(Mr.tocsc(), f[:nrec])
    h = Xc[2] - Xc[0]  # uniform element size in the contact block
    a_disc = Xc[last]
    # (i) gap-based edge: beyond the edge the gap grows like (s-a)^{3/2};
    #     fit gap^{2/3} linearly on the 6 nodes just outside and extrapolate.
    jo = np.arange(last + 1, min(nc, last + 11))
    jo = jo[gap[jo] > 0]
    g23 = gap[jo] ** (2.0 / 3.0)
    c1 = np.polyfit(Xc[jo] - Xc[jo[0]], g23, 2)
    rts = np.roots(c1)
    rts = rts[np.isreal(rts)].real
    a_gap = Xc[jo[0]] + rts[np.argmin(np.abs(rts))]
    # (ii) pressure-based edge: inside the edge p^2 is linear in (a - s);
    #      fit p^2 on the recovered nodal traction over [a_disc - 8h, a_disc - 2h].
    ji = np.nonzero((Xc <= a_disc - 2 * h * 0.999) & (Xc >= a_disc - 8 * h * 1.001))[0]
    c2 = np.polyfit(Xc[ji], t[ji] ** 2, 1)
    a_p = -c2[1] / c2[0]
    a_c = a_gap
    xq = np.asarray(x_over_aH) * aH
    prof = np.zeros(len(xq))
    inside = np.abs(xq) < a_c
    prof[inside] = np.maximum(interp_trace(Xc[:nrec], t, np.abs(xq[inside])), 0.0) / pH
    peak = t[0] / pH
    if verbose:
        print(f"    hertz aH={aH/LX:.3g} n={n}: {it+1} active-set iterations, "
              f"a_disc={a_disc/LX:.6f} a_gap={a_gap/LX:.6f} a_p={a_p/LX:.6f} "
              f"peak={peak:.6f} d={d/LX:.6e} sumF={2*f.sum():.6e} W={W:.6e}")
    return {"a": a_c / LX, "a_p": a_p / LX, "a_disc": a_disc / LX, "peak": peak,
            "d": d / LX, "profile": prof, "W": W, "ndof": m.ndof, "h": h / aH}


# ----------------------------------------------------------------------------
# full-model check (no symmetry condition) for the lateral-stiffness coupling
def full_strip_pair(a, n, support="bonded"):
    """Full model x in [0, Lx]: returns (Q, P) for (u, w) = (1, 0) and (0, 1)
    on the strip |x - xc| <= a."""
    lam, G = lame(G_MOD, NU)
    h = punch_mesh(a, n)
    xs = np.concatenate([-h.xv[::-1], h.xv[1:]]) + 0.5 * LX
    m = Mesh(xs, h.zv)
    K = m.stiffness(lam, G)
    ixs = np.nonzero(np.abs(m.X - 0.5 * LX) <= a * (1 + 1e-12))[0]
    su = [m.udof(ix, 0) for ix in ixs]
    sw = [m.wdof(ix, 0) for ix in ixs]
    fixed = bottom_dofs(m, support)
    if support == "frictionless":
        fixed = fixed + [m.udof(m.nnx // 2, m.nnz - 1)]
    s = DirichletSolver(K, fixed + su + sw)
    pos = {d: k for k, d in enumerate(s.fixed)}
    vals = np.zeros((len(s.fixed), 2))
    for d in su:
        vals[pos[d], 0] = 1.0
    for d in sw:
        vals[pos[d], 1] = 1.0
    U, R = s.solve(vals)
    iu = [pos[d] for d in su]
    iw = [pos[d] for d in sw]
    return (R[iu, 0].sum(), R[iw, 0].sum()), (R[iu, 1].sum(), R[iw, 1].sum())


def lateral_constant_load(a, n):
    (Q1, P1), (Q2, P2) = full_strip_pair(a, n)
    c = -P1 / P2
    return {"K_w_held": Q1 / G_MOD, "K_constant_load": (Q1 + c * Q2) / G_MOD, "c": c,
            "P1_over_G": P1 / G_MOD, "Q2_over_G": Q2 / G_MOD}


# ----------------------------------------------------------------------------
# studies and reporting
def study_table(name, levels, values, ndofs):
    """Print and return rows: (n, ndof, value, diff, order, richardson)."""
    rows = []
    for k, (n, v, nd) in enumerate(zip(levels, values, ndofs)):
        diff = v - values[k - 1] if k >= 1 else None
        order = rich = None
        if k >= 2:
            d0 = values[k - 1] - values[k - 2]
            if diff != 0 and d0 != 0 and d0 / diff > 1.0:
                order = math.log2(d0 / diff)
                rich = v + diff / (2.0 ** order - 1.0)
        rows.append((n, nd, v, diff, order, rich))
    print(f"  {name}")
    print(f"    {'n':>4} {'dofs':>9} {'value':>18} {'diff':>11} {'order':>6} {'Richardson':>18}")
    for n, nd, v, diff, order, rich in rows:
        ds = f"{diff:11.3e}" if diff is not None else " " * 11
        os_ = f"{order:6.2f}" if order is not None else " " * 6
        rs = f"{rich:18.11g}" if rich is not None else ""
        print(f"    {n:4d} {nd:9d} {v:18.11g} {ds} {os_} {rs}")
    return rows


def error_estimate(rows):
    """Conservative error of the finest value: the larger of the last successive
    difference and its distance to the Richardson value (non-monotone sequences:
    the larger of the last two differences)."""
    d_last = abs(rows[-1][3])
    d_prev = abs(rows[-2][3]) if rows[-2][3] is not None else d_last
    rich = rows[-1][5]
    if rich is None:
        return max(d_last, d_prev)
    return max(d_last, abs(rich - rows[-1][2]))


def fmt(v):
    return f"{v:.9e}"


def fmt_list(vs):
    return "[" + ", ".join(fmt(float(v)) for v in vs) + "]"


def run(quick=False, out_yaml=None, md_tables=None):
    t0 = time.time()
    print("== solver verification ==")
    err, res = patch_test()
    assert err < 1e-12 and res < 1e-12
    _, rates = manufactured()
    assert abs(rates[-1][0] - 3.0) < 0.1 and abs(rates[-1][1] - 2.0) < 0.1

    print("== half model vs full model (n=8) ==")
    a = LX / 8
    (Q1, P1), (Q2, P2) = full_strip_pair(a, 8)
    bn = bonded_normal(a, 8)["value"]
    bt = bonded_tangential(a, 8)["value"]
    print(f"  bonded normal  P/(G delta): half {bn:.12f} full {P2 / G_MOD:.12f}")
    print(f"  bonded tangent Q/(G Delta): half {bt:.12f} full {Q1 / G_MOD:.12f}")
    print(f"  cross terms (vanish by symmetry): P(u=1)/G = {P1 / G_MOD:.3e}, Q(w=1)/G = {Q2 / G_MOD:.3e}")
    assert abs(bn - P2 / G_MOD) < 1e-9 * bn and abs(bt - Q1 / G_MOD) < 1e-9 * bt
    (Qf, Pf), (Qf2, Pf2) = full_strip_pair(a, 8, "frictionless")

    levels = [4, 8] if quick else [16, 32, 64, 128]
    hlevels = [16, 32] if quick else [16, 32, 64, 128]
    fractions = [1 / 16, 1 / 8, 1 / 4]
    s_over_a = np.round(np.arange(0, 91) / 100.0, 2)
    x_over_aH = np.round(np.arange(-120, 121) / 100.0, 2)
    md = []
    yaml_blocks = {}

    # 1. flat frictionless punch
    print("== flat_frictionless ==")
    ff = []
    for fr in fractions:
        res_ = [flat_frictionless(fr * LX, n, s_over_a) for n in levels]
        rows = study_table(f"a/Lx = {fr:g}: P/(G delta)", levels,
                           [r["value"] for r in res_], [r["ndof"] for r in res_])
        md.append((f"flat_frictionless a/Lx={fr:g}: P/(G delta)", rows))
        sh = np.array([r["shape"] for r in res_])
        for j, sa in enumerate([0.0, 0.5, 0.9]):
            k = int(round(sa * 100))
            rws = study_table(f"a/Lx = {fr:g}: p a/P at s/a = {sa:g}", levels, list(sh[:, k]),
                              [r["ndof"] for r in res_])
            md.append((f"flat_frictionless a/Lx={fr:g}: p a/P at s/a={sa:g}", rws))
        shape_err = float(np.max(np.abs(sh[-1] - sh[-2])))
        print(f"    max |shape(finest) - shape(previous)| over s/a in [0, 0.9]: {shape_err:.2e}")
        ff.append({"a": fr, "P": rows[-1][2], "err": error_estimate(rows), "shape": sh[-1],
                   "shape_err": shape_err})

    # 2./3. bonded punch, pressed and pulled
    def bonded_study(name, solve, label):
        print(f"== {name} ==")
        out = []
        for fr in fractions:
            res_ = [solve(fr * LX, n) for n in levels]
            rows = study_table(f"a/Lx = {fr:g}: {label}", levels,
                               [r["value"] for r in res_], [r["ndof"] for r in res_])
            md.append((f"{name} a/Lx={fr:g}: {label}", rows))
            out.append({"a": fr, "v": rows[-1][2], "err": error_estimate(rows)})
        return out

    bnl = bonded_study("bonded_normal", bonded_normal, "P/(G delta)")
    btl = bonded_study("bonded_tangential", bonded_tangential, "Q/(G Delta)")

    # 5. lateral stiffness
    print("== lateral_stiffness ==")
    Estar = 2.0 * G_MOD / (1.0 - NU)
    aK = math.sqrt(4.0 * 1.0e4 * 0.2 / (math.pi * Estar))
    print(f"  a_K = {aK:.10e} m, a_K/Lx = {aK / LX:.10f}")
    res_ = [bonded_tangential(aK, n) for n in levels]
    rows = study_table(f"a/Lx = {aK / LX:.6f}: K/G (w held)", levels,
                       [r["value"] for r in res_], [r["ndof"] for r in res_])
    md.append((f"lateral_stiffness a/Lx={aK / LX:.6f}: K/G (w_held)", rows))
    nfull = levels[-2]
    lc = lateral_constant_load(aK, nfull)
    print(f"  full model n={nfull}: K_w_held/G = {lc['K_w_held']:.10f}, "
          f"K_constant_load/G = {lc['K_constant_load']:.10f}, c = {lc['c']:.3e} m per m of u, "
          f"P(u=1)/G = {lc['P1_over_G']:.3e}, Q(w=1)/G = {lc['Q2_over_G']:.3e}")
    lat = {"a": aK / LX, "K": rows[-1][2], "err": error_estimate(rows), "c": lc["c"],
           "K_cl_full": lc["K_constant_load"], "n_full": nfull}

    # 4. Hertz
    print("== hertz (R = 200 Lx) ==")
    R = 200 * LX
    hz = []
    for fr in [0.05, 0.1, 0.2]:
        aH = fr * LX
        res_ = [hertz_case(aH, n, R, x_over_aH, verbose=True) for n in hlevels]
        nd = [r["ndof"] for r in res_]
        r_a = study_table(f"aH/Lx = {fr:g}: a_c/Lx (gap extrapolation)", hlevels,
                          [r["a"] for r in res_], nd)
        r_ap = study_table(f"aH/Lx = {fr:g}: a_c/Lx (pressure extrapolation, check)", hlevels,
                           [r["a_p"] for r in res_], nd)
        r_ad = study_table(f"aH/Lx = {fr:g}: last active node s/Lx (check)", hlevels,
                           [r["a_disc"] for r in res_], nd)
        r_p = study_table(f"aH/Lx = {fr:g}: p_max/p_H", hlevels, [r["peak"] for r in res_], nd)
        r_d = study_table(f"aH/Lx = {fr:g}: d/Lx", hlevels, [r["d"] for r in res_], nd)
        md += [(f"hertz aH/Lx={fr:g}: a_c/Lx", r_a), (f"hertz aH/Lx={fr:g}: p_max/p_H", r_p),
               (f"hertz aH/Lx={fr:g}: d/Lx", r_d)]
        prof = np.array([r["profile"] for r in res_])
        prof_err = float(np.max(np.abs(prof[-1] - prof[-2])))
        prof_rms = float(np.sqrt(np.mean((prof[-1] - prof[-2]) ** 2)))
        print(f"    profile: max |diff| finest vs previous {prof_err:.2e}, rms {prof_rms:.2e}")
        a_vals = [r[2] for r in r_a]
        # error: the larger of the last two successive differences and half the
        # distance to the independent pressure-based edge estimate on the finest mesh
        a_err = max(abs(a_vals[-1] - a_vals[-2]), abs(a_vals[-2] - a_vals[max(0, len(a_vals) - 3)]),
                    0.5 * abs(a_vals[-1] - r_ap[-1][2]))
        p_err = error_estimate(r_p)
        hz.append({"aH": fr, "W": res_[-1]["W"], "a": a_vals[-1], "a_err": a_err,
                   "peak": r_p[-1][2], "peak_err": p_err, "d": r_d[-1][2],
                   "d_err": error_estimate(r_d), "x": x_over_aH, "p": prof[-1],
                   "prof_err": prof_err, "prof_rms": prof_rms})

    elapsed = time.time() - t0
    print(f"== total time {elapsed:.1f} s ==")
    if out_yaml:
        write_yaml(out_yaml, ff, bnl, btl, hz, lat, s_over_a, elapsed)
        print(f"wrote {out_yaml}")
    if md_tables:
        with open(md_tables, "w") as fh:
            for title, rows in md:
                fh.write(f"\n**{title}**\n\n| n | dofs | value | diff to previous | observed order | Richardson |\n")
                fh.write("|---:|---:|---:|---:|---:|---:|\n")
                for n, nd, v, diff, order, rich in rows:
                    fh.write(f"| {n} | {nd} | {v:.11g} | {'' if diff is None else f'{diff:.3e}'} | "
                             f"{'' if order is None else f'{order:.2f}'} | "
                             f"{'' if rich is None else f'{rich:.11g}'} |\n")
        print(f"wrote {md_tables}")
    return elapsed


def write_yaml(path, ff, bnl, btl, hz, lat, s_over_a, elapsed):
    L = []
    L.append("# Q2 (9-node) plane-strain finite-element reference values for tribo.")
    L.append("# Produced by: /usr/bin/python3 tests/validation/q2_reference.py")
    L.append(f"# (full run, {elapsed:.0f} s).  Values are from the finest mesh of each study;")
    L.append("# error_estimate = conservative absolute error bound from the mesh study.")
    L.append("# See tests/validation/README.md for the definitions.")
    L.append("material: {shear_modulus: 1.0e10, poisson_ratio: 0.3333333333, length_x: 1.0e-3, length_z: 1.0e-3}")
    L.append("flat_frictionless:")
    for e in ff:
        john = 1.0 / (math.pi * np.sqrt(1.0 - s_over_a ** 2))
        L.append(f"  - {{a_over_Lx: {fmt(e['a'])}, P_over_G_delta: {fmt(e['P'])}, "
                 f"error_estimate: {fmt(e['err'])}, shape_error_estimate: {fmt(e['shape_err'])}, "
                 f"s_over_a: {fmt_list(s_over_a)}, p_a_over_P: {fmt_list(e['shape'])}, "
                 f"p_a_over_P_halfspace: {fmt_list(john)}}}")
    L.append("bonded_normal:")
    for e in bnl:
        L.append(f"  - {{a_over_Lx: {fmt(e['a'])}, P_over_G_delta: {fmt(e['v'])}, error_estimate: {fmt(e['err'])}}}")
    L.append("bonded_tangential:")
    for e in btl:
        L.append(f"  - {{a_over_Lx: {fmt(e['a'])}, Q_over_G_Delta: {fmt(e['v'])}, error_estimate: {fmt(e['err'])}}}")
    L.append("hertz:")
    for e in hz:
        L.append(f"  - {{aH_over_Lx: {fmt(e['aH'])}, R_over_Lx: 200, load_per_depth: {fmt(e['W'])}, "
                 f"half_width_over_Lx: {fmt(e['a'])}, half_width_error: {fmt(e['a_err'])}, "
                 f"peak_over_pH: {fmt(e['peak'])}, peak_error: {fmt(e['peak_err'])}, "
                 f"approach_over_Lx: {fmt(e['d'])}, approach_error: {fmt(e['d_err'])}, "
                 f"profile_error_estimate: {fmt(e['prof_err'])}, profile_rms_error_estimate: {fmt(e['prof_rms'])}, "
                 f"x_over_aH: {fmt_list(e['x'])}, p_over_pH: {fmt_list(e['p'])}}}")
    L.append("lateral_stiffness:")
    L.append(f"  {{a_over_Lx: {fmt(lat['a'])}, K_over_G_w_held: {fmt(lat['K'])}, "
             f"K_over_G_constant_load: {fmt(lat['K'])}, interference_rate: {fmt(0.0)}, "
             f"interference_rate_computed: {fmt(lat['c'])}, error_estimate: {fmt(lat['err'])}}}")
    with open(path, "w") as fh:
        fh.write("\n".join(L) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small smoke run (< 30 s), writes nothing")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "reference.yaml"))
    ap.add_argument("--tables", default=None, help="also write the study tables as markdown")
    args = ap.parse_args()
    if args.quick:
        run(quick=True)
    else:
        run(quick=False, out_yaml=args.out, md_tables=args.tables)


if __name__ == "__main__":
    main()
