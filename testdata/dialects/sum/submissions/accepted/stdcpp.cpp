// The header nearly every contest C++ file starts with: judge compiles it
// against a precompiled <bits/stdc++.h> (made once per compiler and flags).
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long a, b;
    cin >> a >> b;
    vector<long long> v{a, b};
    cout << accumulate(v.begin(), v.end(), 0LL) << "\n";
}
