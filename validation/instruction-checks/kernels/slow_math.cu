// warplint-slow-math-function: each general call ('sm_*_slow') next to the specialised form
// the guide recommends ('sm_*_fast'). results/sm90-sass records the SASS instruction count
// of both; compare.py checks that warplint reports every slow form and none of the fast ones.
// A marker '@slow finding' or '@slow clean' states the check's verdict.

#define K(name, verdict, expr)                                                 \
  extern "C" __global__ void name(float *o, const float *a) {                  \
    int i = threadIdx.x;                                                       \
    float x = a[i];                                                            \
    o[i] = (expr);                                                             \
  }

K(sm_pow2_slow, finding, powf(x, 2.0f))             // @slow finding
K(sm_pow2_fast, clean, x * x)                       // @slow clean
K(sm_pow3_slow, finding, powf(x, 3.0f))             // @slow finding
K(sm_pow3_fast, clean, x * x * x)                   // @slow clean
K(sm_pow_int_slow, finding, pow(x, 2))              // @slow finding
K(sm_powhalf_slow, finding, powf(x, 0.5f))          // @slow finding
K(sm_powhalf_fast, clean, sqrtf(x))                 // @slow clean
K(sm_powmhalf_slow, finding, powf(x, -0.5f))        // @slow finding
K(sm_powmhalf_fast, clean, rsqrtf(x))               // @slow clean
K(sm_powthird_slow, finding, powf(x, 1.0f / 3.0f))  // @slow finding
K(sm_powthird_fast, clean, cbrtf(x))                // @slow clean
K(sm_powmthird_slow, finding, powf(x, -1.0f / 3.0f)) // @slow finding
K(sm_powmthird_fast, clean, rcbrtf(x))              // @slow clean
K(sm_pow32_slow, finding, powf(x, 1.5f))            // @slow finding
K(sm_pow32_fast, clean, x * sqrtf(x))               // @slow clean
K(sm_pow_base2_slow, finding, powf(2.0f, x))        // @slow finding
K(sm_pow_base2_fast, clean, exp2f(x))               // @slow clean
K(sm_pow_base10_slow, finding, powf(10.0f, x))      // @slow finding
K(sm_pow_base10_fast, clean, exp10f(x))             // @slow clean
K(sm_log_base2_slow, finding, logf(x) / logf(2.0f)) // @slow finding
K(sm_log_base2_fast, clean, log2f(x))               // @slow clean
K(sm_log_base10_slow, finding, logf(x) / logf(10.0f)) // @slow finding
K(sm_log_base10_fast, clean, log10f(x))             // @slow clean
K(sm_exp_ln2_slow, finding, expf(x * logf(2.0f)))   // @slow finding
K(sm_exp_ln2_fast, clean, exp2f(x))                 // @slow clean
K(sm_sinpi_slow, finding, sinf(3.14159265f * x))    // @slow finding
K(sm_sinpi_fast, clean, sinpif(x))                  // @slow clean
K(sm_cospi_slow, finding, cosf(x * 3.14159265f))    // @slow finding
K(sm_cospi_fast, clean, cospif(x))                  // @slow clean
K(sm_div_pow2_const, clean, x / 4.0f)               // @slow clean
K(sm_mul_pow2_recip, clean, x * 0.25f)              // @slow clean
K(sm_div_const3, clean, x / 3.0f)                   // @slow clean
K(sm_mul_recip3, clean, x * (1.0f / 3.0f))          // @slow clean
K(sm_pow_general, clean, powf(x, 2.7f))             // @slow clean
