// A hermetic stand-in for the CUDA toolkit's <cooperative_groups.h>: the same
// namespaces, class names, template parameters and the classes each member is
// declared in (static or not), with no bodies, so that nothing can be inlined:
// what warplint knows of a group comes from its model of the API
// (lib/Frontend/CooperativeGroups), as with the real header, whose members read
// the special registers through layers of templates.
#pragma once
namespace cooperative_groups {
namespace __v1 {

class thread_group {
public:
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ void sync() const;
};

template <unsigned int TyId> struct thread_group_base : public thread_group {};

class grid_group : public thread_group_base<1> {
public:
  static __device__ unsigned long long size();
  static __device__ unsigned long long num_threads();
  static __device__ unsigned long long thread_rank();
  static __device__ dim3 thread_index();
  static __device__ dim3 dim_threads();
  static __device__ dim3 dim_blocks();
  static __device__ unsigned long long num_blocks();
  static __device__ dim3 block_index();
  static __device__ unsigned long long block_rank();
  __device__ void sync() const;
};

class thread_block : public thread_group_base<2> {
public:
  static __device__ void sync();
  static __device__ unsigned int thread_rank();
  static __device__ dim3 group_index();
  static __device__ dim3 thread_index();
  static __device__ dim3 dim_threads();
  static __device__ unsigned int num_threads();
  static __device__ unsigned int size();
  static __device__ dim3 group_dim();
};

template <unsigned int Size> class __static_size_tile_base {
public:
  static __device__ unsigned int thread_rank();
  static __device__ constexpr unsigned int num_threads() { return Size; }
  static __device__ constexpr unsigned int size() { return Size; }
};

template <unsigned int Size>
class __static_size_thread_block_tile_base : public __static_size_tile_base<Size> {
public:
  static __device__ void sync();
  template <typename T> __device__ T shfl(T var, int srcRank) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
};

template <unsigned int Size, typename ParentT>
class __static_parent_thread_block_tile_base {
public:
  static __device__ unsigned int meta_group_rank();
  static __device__ unsigned int meta_group_size();
};

template <unsigned int Size, typename ParentT = void>
class thread_block_tile : public __static_size_thread_block_tile_base<Size>,
                          public __static_parent_thread_block_tile_base<Size, ParentT> {
public:
  __device__ operator thread_block_tile<Size, void>() const;
};

// The type-erased tile: which tile of its parent it is, is data.
template <unsigned int Size>
class thread_block_tile<Size, void> : public __static_size_thread_block_tile_base<Size>,
                                      public thread_group_base<3> {
public:
  using __static_size_thread_block_tile_base<Size>::sync;
  using __static_size_thread_block_tile_base<Size>::size;
  using __static_size_thread_block_tile_base<Size>::num_threads;
  using __static_size_thread_block_tile_base<Size>::thread_rank;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
template <unsigned int Size, typename ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_group tiled_partition(const thread_group &parent, unsigned int tilesz);
__device__ thread_group tiled_partition(const thread_block &parent, unsigned int tilesz);
template <class GroupT> __device__ unsigned long long thread_rank(GroupT const &g);
template <class GroupT> __device__ unsigned long long group_size(GroupT const &g);

} // namespace __v1
using namespace __v1;
} // namespace cooperative_groups
