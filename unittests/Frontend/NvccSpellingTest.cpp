//===- NvccSpellingTest.cpp -----------------------------------------------===//
#include "Frontend/NvccSpelling.h"

#include "gtest/gtest.h"
#include <string>

using namespace warplint;

namespace {

std::string respelt(std::string S) {
  respellNvccDialect(llvm::MutableArrayRef<char>(S.data(), S.size()));
  return S;
}

TEST(NvccSpelling, CommaBetweenInputs) {
  EXPECT_EQ(respelt(R"x(asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a) "r"(b));)x"),
            R"x(asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a),"r"(b));)x");
}

TEST(NvccSpelling, CommaBetweenOutputsAndNamedOperands) {
  EXPECT_EQ(respelt("asm volatile(\"t\" : \"=r\"(x)  \"=f\"(y) : [v] \"r\"(f(a, b)) [w] \"l\"(p));"),
            "asm volatile(\"t\" : \"=r\"(x), \"=f\"(y) : [v] \"r\"(f(a, b)),[w] \"l\"(p));");
}

TEST(NvccSpelling, OperandsAcrossLines) {
  EXPECT_EQ(respelt("__asm__ __volatile__(\"t\" :: \"r\"(a)\n    \"l\"(p) : \"memory\");"),
            "__asm__ __volatile__(\"t\" :: \"r\"(a)\n,   \"l\"(p) : \"memory\");");
  EXPECT_EQ(respelt("asm(\"t\" :: \"r\"(a)\n\"l\"(p));"),
            "asm(\"t\" :: \"r\"(a)\n\"l\"(p));")
      << "no blank to take the comma: left as it is";
  EXPECT_EQ(respelt("asm(\"t\" :: \"r\"(a) \n    \"l\"(p));"),
            "asm(\"t\" :: \"r\"(a),\n    \"l\"(p));");
}

TEST(NvccSpelling, LeavesValidAsmAndOtherSections) {
  const char *Valid = R"x(asm("mov.u32 %0, %%laneid;" : "=r"(l) : "r"(a), "r"(b) : "memory" "cc");)x";
  EXPECT_EQ(respelt(Valid), Valid);
  const char *Template = R"x(asm("a" "b" : "=r"(l));)x";
  EXPECT_EQ(respelt(Template), Template);
  const char *NoBlank = R"x(asm("t" : "=r"(r) : "r"(a)"r"(b));)x";
  EXPECT_EQ(respelt(NoBlank), NoBlank);
}

TEST(NvccSpelling, LeavesCommentsAndStrings) {
  const char *C = "// asm(\"t\" : \"=r\"(r) : \"r\"(a) \"r\"(b));\n"
                  "const char *s = \"k << <1, 2 >> > (a)\"; /* k << <1, 2>> >(a); */\n";
  EXPECT_EQ(respelt(C), C);
}

TEST(NvccSpelling, SpacedLaunchChevrons) {
  EXPECT_EQ(respelt("k << <grid, block >> > (a, b);"),
            "k <<< grid, block >>>  (a, b);");
  EXPECT_EQ(respelt("k<T> < <<g, b, 0, s>> >(a);"), "k<T> <<< g, b, 0, s>>> (a);");
  EXPECT_EQ(respelt("k<<<g, b >> >(a);"), "k<<<g, b >>> (a);");
  EXPECT_EQ(respelt("k << <dim3(n >> 1), f(a, b) >> > (a);"),
            "k <<< dim3(n >> 1), f(a, b) >>>  (a);");
}

TEST(NvccSpelling, LeavesWhatIsNotALaunch) {
  const char *Tight = "k<<<g, b>>>(a);";
  EXPECT_EQ(respelt(Tight), Tight);
  const char *Templates = "std::vector<std::vector<std::vector<int>> > v; x = a << b;";
  EXPECT_EQ(respelt(Templates), Templates);
  const char *Shift = "x <<= 2; y = a << <error;"; // no closer: untouched
  EXPECT_EQ(respelt(Shift), Shift);
  const char *Specialisation =
      "template <> std::ostream &operator<< <A<B<int>> >(std::ostream &, const A<B<int>> &);";
  EXPECT_EQ(respelt(Specialisation), Specialisation);
  const char *Lines = "k <<\n<g, b>>>(a);";
  EXPECT_EQ(respelt(Lines), Lines);
}

} // namespace
