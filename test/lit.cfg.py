# lit configuration for warplint. Tests are hermetic: they parse with the bundled CUDA
# declarations (lib/Frontend/fallback, the mock header set) unless marked REQUIRES:
# cuda-toolkit, so they give the same results with or without a CUDA installation.
import os
import shutil
import lit.formats

config.name = "warplint"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.warplint_obj_root, "test")

# What a user of either front end passes after "--" to parse hermetically for sm_90.
mock = os.path.join(config.warplint_src_root, "lib", "Frontend", "fallback")
cuda_args = ("-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudalib "
             "-nocudainc -Wno-unknown-cuda-version -isystem %s -include cuda_runtime.h"
             % mock)
check_script = os.path.join(config.warplint_src_root, "test", "check_warplint.py")

config.substitutions.append(("%warplint_dump", os.path.join(os.path.dirname(config.warplint_bin), "warplint-dump")))
config.substitutions.append(("%warplint", config.warplint_bin))
config.substitutions.append(("%plugin", config.warplint_plugin))
config.substitutions.append(("%clang_tidy", config.clang_tidy))
# A sanitizer build's %clang_tidy preloads the ASan runtime for the instrumented plugin
# (test/clang-tidy-asan.in); the editors' wrapper (bin/warplint-clang-tidy) runs that one too.
sanitizer_build = os.path.basename(config.clang_tidy) == "clang-tidy-asan"
if sanitizer_build:
    config.environment["WARPLINT_CLANG_TIDY"] = config.clang_tidy
# The compiler itself, to check that an applied fix still compiles.
config.substitutions.append(("%clangxx", shutil.which("clang++-22") or "/usr/lib/llvm-22/bin/clang++"))
config.substitutions.append(("%cuda_args", cuda_args))
config.substitutions.append(("%mock_cuda", mock))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%src_root", config.warplint_src_root))
config.substitutions.append(
    ("%check_warplint",
     "%s %s --warplint %s --clang-tidy %s --plugin %s --filecheck %s --cuda-args '%s'"
     % (config.python, check_script, config.warplint_bin, config.clang_tidy,
        config.warplint_plugin, config.filecheck, cuda_args)))
config.substitutions.append(("%python", config.python))
config.substitutions.append(
    ("%expect_exit", "%s %s" % (config.python,
                                os.path.join(config.test_source_root, "expect_exit.py"))))

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Hermetic: no toolkit found through the environment unless a test asks for one.
config.environment.pop("CUDA_PATH", None)
config.environment.pop("GITHUB_WORKSPACE", None)
# Hermetic: the result cache (docs/caching.md) of this run only, emptied as the run starts, so a
# developer's cache never changes a result. Tests run twice on one file meet it warm.
result_cache = os.path.join(config.test_exec_root, "result-cache")
shutil.rmtree(result_cache, ignore_errors=True)
config.environment["WARPLINT_CACHE_DIR"] = result_cache
# `WARPLINT_CHECK_PARENTS=1 lit build/test`: every walk up the AST compares
# warplint's parents with clang's and aborts on a difference
# (Analysis/ProjectParents.h).
if "WARPLINT_CHECK_PARENTS" in os.environ:
    config.environment["WARPLINT_CHECK_PARENTS"] = os.environ["WARPLINT_CHECK_PARENTS"]

if os.path.exists("/usr/local/cuda/include/cuda_runtime.h") or os.environ.get("CUDA_PATH"):
    config.available_features.add("cuda-toolkit")
if shutil.which("nvcc") or os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")
if shutil.which("gzip"):
    config.available_features.add("gzip")
if shutil.which("cmake"):
    config.available_features.add("cmake")
# Microsoft's SARIF validator: scripts/install-deps.sh puts it under .tools/ (npm).
sarif_tool = (os.environ.get("WARPLINT_SARIF_MULTITOOL")
              or shutil.which("sarif-multitool")
              or os.path.join(config.warplint_src_root, ".tools", "node_modules", ".bin",
                              "sarif-multitool"))
if sarif_tool and os.path.exists(sarif_tool):
    config.available_features.add("sarif-multitool")
    config.substitutions.append(("%sarif_multitool", sarif_tool))
# Debian's chromium (scripts/install-deps.sh installs it; CI always has it): the HTML report is
# rendered in it headless. Without it locally, html-report.test is UNSUPPORTED.
chromium = (os.environ.get("WARPLINT_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser") or shutil.which("google-chrome"))
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))
# util-linux script: a terminal for the --use-color default (terminal-tty.test).
if shutil.which("script"):
    config.available_features.add("script")
if shutil.which("git"):
    config.available_features.add("git")
# Debian's pre-commit (scripts/install-deps.sh installs it): the hook test runs it offline.
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")
if shutil.which("dpkg-deb") and shutil.which("cpack"):
    config.available_features.add("cpack-deb")
# dpkg-dev's dpkg-shlibdeps: the package's Depends are compared with what it computes.
if shutil.which("dpkg-shlibdeps"):
    config.available_features.add("dpkg-shlibdeps")
# man-db's man: the generated man page is rendered with man -l.
if shutil.which("man"):
    config.available_features.add("man")
# Another LLVM's clang-tidy (Debian's clang-tidy-14): the plugin refuses to load into it.
for v in range(14, 22):
    if shutil.which("clang-tidy-%d" % v):
        config.available_features.add("other-clang-tidy")
        other = shutil.which("clang-tidy-%d" % v)
        if sanitizer_build:
            # The instrumented plugin loads only with the ASan runtime in the process (as
            # clang-tidy-asan gives clang-tidy-22); leaks there are not warplint's.
            import subprocess as sp
            rt = sp.run(["clang++-22", "-print-file-name=libclang_rt.asan-x86_64.so"],
                        capture_output=True, text=True).stdout.strip()
            other = "env LD_PRELOAD=%s ASAN_OPTIONS=detect_leaks=0:exitcode=86 %s" % (rt, other)
        config.substitutions.append(("%other_clang_tidy", other))
        break
# PyYAML (a dependency of Debian's pre-commit) for the YAML structure checks of action.yml and
# the example CI files; the test runs it with the same python as the other scripts.
import subprocess
if subprocess.call([config.python, "-c", "import yaml"], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("python-yaml")
config.substitutions.append(("%obj_root", config.warplint_obj_root))
