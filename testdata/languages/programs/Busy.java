// Busy: burns CPU forever without output; the time limit must stop it (TLE).
public class Busy {
    public static void main(String[] args) {
        long x = 1;
        while (x != 0) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if (x == 42) {
                System.out.println(x);
            }
        }
    }
}
