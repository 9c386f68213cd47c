#!/bin/sh
# Uses no CPU at all: only the wall-clock backstop can stop it (TLE).
sleep 1000
