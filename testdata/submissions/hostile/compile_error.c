/* Does not compile: CE with the compiler's message. */
int main(void) {
    return undeclared_variable;
}
