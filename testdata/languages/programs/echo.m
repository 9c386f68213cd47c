/* Echo: standard input to standard output, unchanged, through a tiny
   Objective-C class on GCC's runtime alone (-lobjc, no Foundation: its
   root class Object has no +alloc, so the class makes its instances). */
#include <stdio.h>
#include <objc/Object.h>
#include <objc/runtime.h>

@interface Copier : Object {
    size_t copied;
}
+ (id)copier;
- (size_t)copyFrom:(FILE *)input to:(FILE *)output;
@end

@implementation Copier
+ (id)copier {
    return class_createInstance(self, 0);
}

- (size_t)copyFrom:(FILE *)input to:(FILE *)output {
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, input)) > 0) {
        copied += fwrite(buf, 1, n, output);
    }
    return copied;
}
@end

int main(void) {
    Copier *copier = [Copier copier];
    [copier copyFrom:stdin to:stdout];
    object_dispose(copier);
    return 0;
}
