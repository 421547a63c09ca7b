# Helpers shared by bench/bridge.sh and bench/kafka.sh (sourced, not run): processes held on a
# fifo and stopped on exit. Needs $stage (scratch directory), $logs and $python set by the caller.

pids=()
fds=()
cleanup() {
  for fd in "${fds[@]}"; do eval "exec $fd>&-" 2>/dev/null || true; done
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$stage"
}
trap cleanup EXIT

free_port() { "$python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start_held <name> <cmd...>: runs cmd with stdin a fifo held open here (the bench peers, the REST
# plugin and the bridges exit when it closes), output in $logs/<name>.log; waits for its READY line.
start_held() {
  local name="$1"; shift
  mkfifo "$stage/$name.in"
  "$@" < "$stage/$name.in" > "$logs/$name.log" 2>&1 &
  pids+=($!)
  local fd
  exec {fd}>"$stage/$name.in"
  fds+=("$fd")
  eval "held_$name=$fd"
  for _ in $(seq 300); do
    grep -q '^READY' "$logs/$name.log" && return 0
    grep -q '^ERROR' "$logs/$name.log" && break
    sleep 0.1
  done
  echo "ERROR $name did not start:"; cat "$logs/$name.log"; exit 1
}
stop_held() { local v="held_$1"; eval "exec ${!v}>&-"; }
