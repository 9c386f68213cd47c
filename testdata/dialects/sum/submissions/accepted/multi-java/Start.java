package zoo.app;

import java.util.Scanner;
import zoo.Adder;

public class Start {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.println(Adder.add(in.nextLong(), in.nextLong()));
    }
}
