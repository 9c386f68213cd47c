// A macro defined before the header changes it: g++ must not take the
// precompiled header here (it reads the header itself), and the debug
// containers must still work.
#define _GLIBCXX_DEBUG
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long a, b;
    cin >> a >> b;
    vector<long long> v{a, b};
    cout << v.at(0) + v[1] << "\n";
}
