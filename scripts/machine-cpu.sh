#!/usr/bin/env bash
# Runs a command and prints its wall time and the CPU the whole machine spent meanwhile (from
# /proc/stat): the figure to compare for test runs whose browsers and servers are not children that
# `time` would count. Usage: scripts/machine-cpu.sh npx playwright test
read -r _ user nice system _ _ irq softirq steal _ </proc/stat
busy0=$((user + nice + system + irq + softirq + steal))
start=$(date +%s.%N)
"$@"
status=$?
read -r _ user nice system _ _ irq softirq steal _ </proc/stat
busy1=$((user + nice + system + irq + softirq + steal))
echo "machine-cpu: wall $(echo "$(date +%s.%N) - $start" | bc) s, machine busy $(((busy1 - busy0) / $(getconf CLK_TCK))) CPU-s" >&2
exit $status
