// Includes a data file (an expected output, or a root-only secret) into a
// C++ source: the compiler fails on it and quotes its first line in the
// error message, which ends up in the compile log. In the sandbox the
// file does not exist, so no byte of it can reach a report.
// The test replaces @FILE@ with an absolute path.
#include "@FILE@"
int main() { return 0; }
