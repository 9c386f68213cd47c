#!/bin/sh
# Crashes (exit 7) on secret/six only.
read -r count
read -r game
case "$game" in
*": 123456") printf '%s' 'Game #1 is not over, yet.
' ;;
*": 2143563445575") printf '%s' 'Game #1 is over. The first player won.
-------
    X  
   Xx  
  Xoo  
oXoxxoo
-------
' ;;
*": 1122334") printf '%s' 'Game #1 is over. The first player won.
-------
ooo    
XXXX   
-------
' ;;
*": 7654321") printf '%s' 'Game #1 is not over, yet.
' ;;
*": 11223344") printf '%s' 'Game #1 is invalid.
' ;;
*": 44332211") exit 7 ;;
*) exit 1 ;;
esac
