// Right sums, but includes <bits/stdc++.h>: the static validator rejects it.
#include <bits/stdc++.h>

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::cout << a + b << "\n";
}
