"""Builds a stub shared library for the symbols libLLVM and libclang-cpp import
from a real one (make_device_bundle.sh): every function aborts if called.

Usage: mkstub.py REAL_LIB SONAME OUT
"""
import subprocess, re, sys
real = sys.argv[1]; soname = sys.argv[2]; out = sys.argv[3]
users = ["/usr/lib/x86_64-linux-gnu/libLLVM.so.22.1", "/usr/lib/x86_64-linux-gnu/libclang-cpp.so.22.1"]
def dynsyms(path):
    t = subprocess.run(["readelf","-W","--dyn-syms",path],capture_output=True,text=True).stdout
    res=[]
    for line in t.splitlines():
        p=line.split()
        if len(p)>=8 and p[0].endswith(':'):
            res.append((p[6], p[3], p[7]))
    return res
defined = {}
for ndx, typ, name in dynsyms(real):
    if ndx != 'UND':
        base, _, ver = name.partition('@')
        ver = ver.lstrip('@')
        defined.setdefault(base, (ver, typ))
need = {}
for u in users:
    for ndx, typ, name in dynsyms(u):
        if ndx == 'UND':
            base = re.sub(r'@.*','',name)
            if base in defined:
                need[base] = defined[base]
vers = {}
for s,(v,t) in need.items():
    vers.setdefault(v or 'STUB', []).append(s)
with open(out+'.c','w') as f:
    f.write('#include <stdlib.h>\n')
    for s,(v,t) in sorted(need.items()):
        if t == 'OBJECT':
            f.write(f'void *{s}[4];\n')
        else:
            f.write(f'void {s}(void) {{ abort(); }}\n')
with open(out+'.map','w') as f:
    prev=None
    for v in sorted(vers):
        f.write(f'{v} {{ global: ' + ' '.join(f'{s};' for s in vers[v]) + ' };\n')
print(soname, len(need), 'symbols', sorted(vers))
subprocess.run(["gcc","-shared","-fPIC","-o",out,out+'.c',"-Wl,--version-script="+out+'.map',"-Wl,-soname,"+soname, "-w"],check=True)
