package zoo;

public class Adder {
    public static long add(long a, long b) {
        return a + b;
    }
}
