// Echo: standard input to standard output, unchanged.
using System;
using System.IO;

public class Echo
{
    public static void Main()
    {
        Stream input = Console.OpenStandardInput();
        Stream output = Console.OpenStandardOutput();
        input.CopyTo(output);
        output.Flush();
    }
}
