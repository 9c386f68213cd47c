;;; Echo: standard input to standard output, unchanged (a last line
;;; without a newline stays without one).
(loop
  (multiple-value-bind (line missing-newline-p)
      (read-line *standard-input* nil nil)
    (unless line (return))
    (write-string line)
    (unless missing-newline-p (terpri))))
(finish-output)
