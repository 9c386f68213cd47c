// What a C++ submission implements; include/cpp/main.cpp reads the input,
// calls these and prints the answers.
#pragma once
#include <vector>

long long total(const std::vector<long long>& a);
long long largest(const std::vector<long long>& a);
