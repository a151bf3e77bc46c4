import torch
# load_inline appears only in a comment and a string: "load_inline(cuda_sources=x)"
def load_inline(x):
    return x
print(torch.zeros(3))
