// The entry point of a two-class program, deliberately not named Main:
// judge must find it by its `static void main`.
public class Relay {
    public static void main(String[] args) throws java.io.IOException {
        Pipe.copy(System.in, System.out);
    }
}
