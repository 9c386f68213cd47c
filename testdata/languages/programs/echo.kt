// Echo: standard input to standard output, unchanged.
fun main() {
    System.`in`.copyTo(System.out)
    System.out.flush()
}
