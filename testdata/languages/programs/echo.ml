(* Echo: standard input to standard output, unchanged. *)
let () =
  let buf = Bytes.create 65536 in
  let rec loop () =
    let n = input stdin buf 0 (Bytes.length buf) in
    if n > 0 then begin
      output stdout buf 0 n;
      loop ()
    end
  in
  loop ();
  flush stdout
