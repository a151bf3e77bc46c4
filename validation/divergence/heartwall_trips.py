#!/usr/bin/env python3
"""Issue 13, ninth round: the lanes' trip counts of Rodinia heartwall's two convolution loop
nests (kernel.cu:225-285 and :1150-1210), from the formulas of the code and the sizes main.cu
sets. Prints, per loop, lane-trips run / (32 x each warp's longest): a model of SIMD
efficiency computed from the source, not a measurement. No corpus code is copied here."""
def trips(i, upper, length):  # for (a = max(1, i+1-length); a <= min(upper, i); a++)
    return max(0, min(upper, i) - max(1, i + 1 - length) + 1)
def conv(rows, cols, upper_r, len_r, upper_c, len_c, ioff, joff):
    N = rows * cols
    out = {}
    for name in ('ja', 'ia', 'nest'):
        run = issued = 0
        for w in range(0, N, 32):
            t = []
            for e in range(w, min(N, w + 32)):
                ic = (e + 1) % rows; jc = (e + 1) // rows + 1
                if (e + 1) % rows == 0: ic = rows; jc -= 1
                tj = trips(jc + joff, upper_c, len_c); ti = trips(ic + ioff, upper_r, len_r)
                t.append({'ja': tj, 'ia': ti, 'nest': ti * tj}[name])
            run += sum(t); issued += 32 * max(t)
        out[name] = round(run / issued, 3)
    return out
in_r, in2_r = 51, 81
print('kernel.cu:271 (51x51 with 81x81, full):', conv(in_r + in2_r - 1, in_r + in2_r - 1, in_r, in2_r, in_r, in2_r, 0, 0))
tm = in_r + 81 - 1; mask = 10; off = 5  # mask_conv_ioffset = (10-1)/2 + 1
print('kernel.cu:1195 (10-row mask over 131):', conv(tm, tm, tm, mask, tm, mask, off, off))
