#!/usr/bin/python3
"""Writes the pin's circle as a table for pin.shape: table (input/pin_table_circle.csv).

    /usr/bin/python3 scripts/pin_table_circle.py [--radius 0.2] [--half-length 1e-3] [--points 4001] > FILE

x from the pin's centre and h = R - sqrt(R^2 - x^2) [m], written as x^2 / (R + sqrt((R - x)(R + x)))
like tribo::CurvedPin, each to 17 significant digits (the doubles exactly). Defaults: the circle of
input/fig6_profile.yaml (R/L_x = 200, L_x = 1 mm) over [-L_x, L_x], uniform spacing L_x/2000.
"""
import argparse
import math

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--radius", type=float, default=0.2, help="R [m]")
parser.add_argument("--half-length", type=float, default=1e-3, help="the table spans [-this, this] [m]")
parser.add_argument("--points", type=int, default=4001, help="number of points (odd: one at x = 0)")
args = parser.parse_args()
R, half, n = args.radius, args.half_length, args.points
print("# the circle R = {:g} m as a table for tribo's pin.table_file (scripts/pin_table_circle.py)".format(R))
print("x,h")
for i in range(n):
    x = -half + 2 * half * i / (n - 1)
    if i == (n - 1) // 2 and n % 2 == 1:
        x = 0.0
    h = x * x / (R + math.sqrt((R - x) * (R + x)))
    print("{!r},{!r}".format(x, h))
