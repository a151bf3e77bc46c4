/*===- warplint_removed_apis.h - What CUDA 12 and 13 removed -------------===*
 *
 * Part of warplint's compatibility layer (docs/compatibility.md), included by
 * warplint_nvcc_compat.h when a real toolkit is parsed. Code written for older toolkits
 * still uses APIs that CUDA 12.0 and 13.0 removed; a clang parse against today's toolkit
 * fails on them, and with it every function that names one. Declarations only, with the
 * types and signatures of the last toolkit that had them: warplint never generates code,
 * so a parse that succeeds here says nothing about whether the code builds with the
 * installed toolkit.
 *
 * - CUDA 12.0 removed texture references: texture<T, dim, mode>, cudaBindTexture*,
 *   cudaUnbindTexture and tex1Dfetch/tex1D/tex2D/tex3D/... on them. Declared here as
 *   clang declares device-builtin texture types, so a file-scope texture is usable from
 *   device code as with nvcc. A fetch is an opaque call: warplint does not model the
 *   texture path.
 * - CUDA 13.0 removed cudaThreadSynchronize, cudaThreadExit and the cudaThread*
 *   cache/limit calls (their cudaDevice* replacements remain), and the cudaDeviceProp
 *   fields clockRate, deviceOverlap, kernelExecTimeoutEnabled, computeMode,
 *   maxTexture1DLinear, memoryClockRate, singleToDoublePrecisionPerfRatio and
 *   cooperativeMultiDeviceLaunch. The fields come back through a derived structure that
 *   the name cudaDeviceProp denotes from here on, with a cudaGetDeviceProperties overload
 *   for it.
 *
 *===----------------------------------------------------------------------===*/
#ifndef WARPLINT_REMOVED_APIS_H
#define WARPLINT_REMOVED_APIS_H
#if defined(__cplusplus) && defined(CUDART_VERSION) &&                          \
    !defined(WARPLINT_NO_REMOVED_APIS)

#if CUDART_VERSION >= 12000 && !defined(__WL_NO_TEXTURE_REFERENCES)
/* --- Texture references (removed in CUDA 12.0) ------------------------------------- */
struct __device_builtin__ textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};

template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture
    : public textureReference {
  __attribute__((host)) texture(int norm = 0,
                                enum cudaTextureFilterMode fMode =
                                    cudaFilterModePoint,
                                enum cudaTextureAddressMode aMode =
                                    cudaAddressModeClamp) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
    channelDesc = cudaCreateChannelDesc<T>();
    sRGB = 0;
  }
  __attribute__((host)) texture(int norm, enum cudaTextureFilterMode fMode,
                                enum cudaTextureAddressMode aMode,
                                struct cudaChannelFormatDesc desc) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
  }
};

/* Host binding calls (cuda_runtime.h's C++ API and cuda_runtime_api.h's C API). */
extern "C" {
extern __attribute__((host)) cudaError_t
cudaBindTexture(size_t *offset, const struct textureReference *texref,
                const void *devPtr, const struct cudaChannelFormatDesc *desc,
                size_t size = (size_t)-1);
extern __attribute__((host)) cudaError_t
cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                  const void *devPtr, const struct cudaChannelFormatDesc *desc,
                  size_t width, size_t height, size_t pitch);
extern __attribute__((host)) cudaError_t
cudaBindTextureToArray(const struct textureReference *texref,
                       cudaArray_const_t array,
                       const struct cudaChannelFormatDesc *desc);
extern __attribute__((host)) cudaError_t
cudaBindTextureToMipmappedArray(const struct textureReference *texref,
                                cudaMipmappedArray_const_t mipmappedArray,
                                const struct cudaChannelFormatDesc *desc);
extern __attribute__((host)) cudaError_t
cudaUnbindTexture(const struct textureReference *texref);
extern __attribute__((host)) cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset,
                              const struct textureReference *texref);
extern __attribute__((host)) cudaError_t
cudaGetTextureReference(const struct textureReference **texref,
                        const void *symbol);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                const void *devPtr, const struct cudaChannelFormatDesc &desc,
                size_t size = (size_t)-1) {
  return cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                const void *devPtr, size_t size = (size_t)-1) {
  return cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                  const void *devPtr, const struct cudaChannelFormatDesc &desc,
                  size_t width, size_t height, size_t pitch) {
  return cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                  const void *devPtr, size_t width, size_t height,
                  size_t pitch) {
  return cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width,
                           height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex,
                       cudaArray_const_t array,
                       const struct cudaChannelFormatDesc &desc) {
  return cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex,
                       cudaArray_const_t array) {
  return cudaBindTextureToArray(&tex, array, &tex.channelDesc);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaUnbindTexture(const struct texture<T, dim, readMode> &tex) {
  return cudaUnbindTexture(&tex);
}
template <class T, int dim, enum cudaTextureReadMode readMode>
static inline __attribute__((host)) cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset,
                              const struct texture<T, dim, readMode> &tex) {
  return cudaGetTextureAlignmentOffset(offset, &tex);
}

/* Fetches. cudaReadModeElementType returns the element type; cudaReadModeNormalizedFloat
 * returns float, or floatN for an N-vector of 8- and 16-bit integers. */
template <class T, enum cudaTextureReadMode mode> struct __wl_tex_ret {
  typedef T type;
};
#define __WL_TEX_NORM(T, R)                                                    \
  template <> struct __wl_tex_ret<T, cudaReadModeNormalizedFloat> {            \
    typedef R type;                                                            \
  };
#define __WL_TEX_NORM_VEC(S, U)                                                \
  __WL_TEX_NORM(S##1, float1) __WL_TEX_NORM(U##1, float1)                      \
  __WL_TEX_NORM(S##2, float2) __WL_TEX_NORM(U##2, float2)                      \
  __WL_TEX_NORM(S##4, float4) __WL_TEX_NORM(U##4, float4)
__WL_TEX_NORM(char, float)
__WL_TEX_NORM(signed char, float)
__WL_TEX_NORM(unsigned char, float)
__WL_TEX_NORM(short, float)
__WL_TEX_NORM(unsigned short, float)
__WL_TEX_NORM_VEC(char, uchar)
__WL_TEX_NORM_VEC(short, ushort)
#undef __WL_TEX_NORM_VEC
#undef __WL_TEX_NORM

#define __WL_TEX(NAME, TYPE, ...)                                              \
  template <class T, enum cudaTextureReadMode mode>                            \
  static __attribute__((device)) typename __wl_tex_ret<T, mode>::type NAME(    \
      texture<T, TYPE, mode> t, __VA_ARGS__) {                                 \
    return typename __wl_tex_ret<T, mode>::type();                             \
  }
__WL_TEX(tex1Dfetch, cudaTextureType1D, int x)
__WL_TEX(tex1D, cudaTextureType1D, float x)
__WL_TEX(tex2D, cudaTextureType2D, float x, float y)
__WL_TEX(tex3D, cudaTextureType3D, float x, float y, float z)
__WL_TEX(tex1DLayered, cudaTextureType1DLayered, float x, int layer)
__WL_TEX(tex2DLayered, cudaTextureType2DLayered, float x, float y, int layer)
__WL_TEX(texCubemap, cudaTextureTypeCubemap, float x, float y, float z)
__WL_TEX(texCubemapLayered, cudaTextureTypeCubemapLayered, float x, float y,
         float z, int layer)
__WL_TEX(tex1DLod, cudaTextureType1D, float x, float level)
__WL_TEX(tex2DLod, cudaTextureType2D, float x, float y, float level)
__WL_TEX(tex3DLod, cudaTextureType3D, float x, float y, float z, float level)
__WL_TEX(tex1DGrad, cudaTextureType1D, float x, float dx, float dy)
__WL_TEX(tex2DGrad, cudaTextureType2D, float x, float y, float2 dx, float2 dy)
__WL_TEX(tex3DGrad, cudaTextureType3D, float x, float y, float z, float4 dx,
         float4 dy)
#undef __WL_TEX
#endif /* CUDART_VERSION >= 12000 */

#if CUDART_VERSION >= 13000
/* --- cudaThread* (removed in CUDA 13.0): the cudaDevice* calls they were renamed to -- */
/* A project that shims these itself (-DcudaThreadSynchronize=cudaDeviceSynchronize, the
   usual port to CUDA 12/13) keeps its macro: each is declared only where no macro has the name. */
#ifndef cudaThreadSynchronize
static inline __attribute__((host)) cudaError_t cudaThreadSynchronize(void) {
  return cudaDeviceSynchronize();
}
#endif
#ifndef cudaThreadExit
static inline __attribute__((host)) cudaError_t cudaThreadExit(void) {
  return cudaDeviceReset();
}
#endif
#ifndef cudaThreadSetCacheConfig
static inline __attribute__((host)) cudaError_t
cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig) {
  return cudaDeviceSetCacheConfig(cacheConfig);
}
#endif
#ifndef cudaThreadGetCacheConfig
static inline __attribute__((host)) cudaError_t
cudaThreadGetCacheConfig(enum cudaFuncCache *pCacheConfig) {
  return cudaDeviceGetCacheConfig(pCacheConfig);
}
#endif
#ifndef cudaThreadSetLimit
static inline __attribute__((host)) cudaError_t
cudaThreadSetLimit(enum cudaLimit limit, size_t value) {
  return cudaDeviceSetLimit(limit, value);
}
#endif
#ifndef cudaThreadGetLimit
static inline __attribute__((host)) cudaError_t
cudaThreadGetLimit(size_t *pValue, enum cudaLimit limit) {
  return cudaDeviceGetLimit(pValue, limit);
}
#endif

/* --- cudaDeviceProp fields removed in CUDA 13.0 -------------------------------------- */
struct __wl_cudaDeviceProp : cudaDeviceProp {
  int clockRate;
  int deviceOverlap;
  int kernelExecTimeoutEnabled;
  int computeMode;
  int maxTexture1DLinear;
  int memoryClockRate;
  int singleToDoublePrecisionPerfRatio;
  int cooperativeMultiDeviceLaunch;
};
static inline __attribute__((host)) cudaError_t
cudaGetDeviceProperties(struct __wl_cudaDeviceProp *prop, int device) {
  return cudaGetDeviceProperties((struct cudaDeviceProp *)prop, device);
}
#define cudaDeviceProp __wl_cudaDeviceProp
#endif /* CUDART_VERSION >= 13000 */

#endif
#endif /* WARPLINT_REMOVED_APIS_H */
