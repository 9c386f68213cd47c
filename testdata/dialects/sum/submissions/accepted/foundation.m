#import <Foundation/Foundation.h>

int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    NSLog(@"read two numbers");
    printf("%ld\n", a + b);
    return 0;
}
