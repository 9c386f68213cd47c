% Echo: standard input to standard output, unchanged.
main :-
    copy_stream_data(user_input, user_output),
    flush_output(user_output).
