# The one wait for a test or benchmark server started in the background. Source it, then:
#
#   wait_until NAME PID TRIES LOG... -- CHECK...
#
# runs CHECK every 0.1 s until it succeeds; when PID has exited, or after TRIES tries, prints
# "NAME did not start" with the LOG files and returns 1.
wait_until() {
  local name=$1 pid=$2 tries=$3 tried=0
  shift 3
  local logs=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    logs+=("$1")
    shift
  done
  shift
  until "$@" 2>/dev/null; do
    tried=$((tried + 1))
    if [ $tried -gt "$tries" ] || ! kill -0 "$pid" 2>/dev/null; then
      echo "$name did not start; its log:" >&2
      cat "${logs[@]}" >&2 2>/dev/null
      return 1
    fi
    sleep 0.1
  done
}
