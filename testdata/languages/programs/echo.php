<?php
// Echo: standard input to standard output, unchanged.
stream_copy_to_stream(STDIN, STDOUT);
