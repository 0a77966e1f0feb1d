#!/usr/bin/env bash
# Train the networks shipped with Khan (2 players) and Shangrila (3 players), then measure them.
#
# The recipe of docs/training.md, as it was run for the shipped files: both games train at once,
# each on half the cores (WORKERS per game), then benchmarks/trained_strength.py plays the
# strength table on all of them. Every step is bounded in time (TRAIN_SECONDS, EVAL_SECONDS):
# a training cut short keeps its last finished generation (the run folder goes on from there
# when the script is run again), and the table keeps the rows played.
#
# Usage: scripts/train_shipped.sh RUNS_DIR [OUT_DIR]
#   RUNS_DIR  the training runs' folders (khan-2p, shangrila-3p)
#   OUT_DIR   where the networks, histories and the table are copied (default: RUNS_DIR)
# Environment (defaults in brackets): KHAN_GAMES [2100] and SHANGRILA_GAMES [1800] (the
#   first generation's), GENERATIONS [1], LATER_GAMES [100], WORKERS [8], DEVICE [auto],
#   TRAIN_SECONDS [300],
#   EVAL_SECONDS [260], EVAL_GAMES [200], EVAL_MOVE_SECONDS [0.05], PYTHON [python3]
set -u
runs=${1:?usage: scripts/train_shipped.sh RUNS_DIR [OUT_DIR]}
out=${2:-$runs}
workers=${WORKERS:-8}
device=${DEVICE:-auto}
python=${PYTHON:-python3}
boardkit="$python -m boardkit"
mkdir -p "$runs" "$out"

train() {  # game players games
  timeout "${TRAIN_SECONDS:-300}" $boardkit train "$1" -p "$2" --out "$runs/$1-$2p" \
    --generations "${GENERATIONS:-1}" --first-games "$3" --games "${LATER_GAMES:-100}" \
    --workers "$workers" --device "$device" >"$out/train-$1.log" 2>&1
  echo "train $1: exit $? after ${SECONDS}s" >>"$out/train-$1.log"
}

train khan 2 "${KHAN_GAMES:-2100}" &
train shangrila 3 "${SHANGRILA_GAMES:-1800}" &
wait
for game in khan-2p shangrila-3p; do
  cp "$runs/$game/network.npz" "$out/$game.npz" 2>/dev/null
  cp "$runs/$game/history.jsonl" "$out/$game-history.jsonl" 2>/dev/null
done
ls -la "$out"
[ -f "$out/khan-2p.npz" ] && [ -f "$out/shangrila-3p.npz" ] || exit 1

# the table measures the networks it finds in the games' packages
mkdir -p src/boardkit_khan/networks src/boardkit_shangrila/networks
cp "$out/khan-2p.npz" src/boardkit_khan/networks/khan-2p.npz
cp "$out/shangrila-3p.npz" src/boardkit_shangrila/networks/shangrila-3p.npz
timeout "${EVAL_SECONDS:-260}" $python benchmarks/trained_strength.py \
  --games "${EVAL_GAMES:-200}" --seconds "${EVAL_MOVE_SECONDS:-0.05}" \
  --workers "$((2 * workers))" --output "$out/trained-strength.md"
echo "done after ${SECONDS}s"
