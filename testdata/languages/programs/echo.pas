{ Echo: standard input to standard output, unchanged. }
program Echo;

var
  line: AnsiString;
begin
  while not Eof(Input) do
  begin
    ReadLn(line);
    WriteLn(line);
  end;
end.
