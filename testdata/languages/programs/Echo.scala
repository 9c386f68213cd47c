// Echo: standard input to standard output, unchanged.
object Echo {
  def main(args: Array[String]): Unit = {
    val buf = new Array[Byte](1 << 16)
    var n = System.in.read(buf)
    while (n > 0) {
      System.out.write(buf, 0, n)
      n = System.in.read(buf)
    }
    System.out.flush()
  }
}
