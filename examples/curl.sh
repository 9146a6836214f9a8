#!/usr/bin/env bash
# A workbook from one request with curl: generate it asynchronously, poll the task, download the .xlsx,
# then export its first sheet to CSV. Needs curl and jq.
#   FOLIO_API_KEY=sk_live_... [FOLIO_BASE_URL=http://localhost:8080] bash examples/curl.sh
set -euo pipefail
API="${FOLIO_BASE_URL:-http://localhost:8080}/api/v1"
KEY="${FOLIO_API_KEY:?set FOLIO_API_KEY to an API key (see docs/getting-started.md)}"
J='Content-Type: application/json'

# 202 at once: the task runs in the background.
TASK=$(curl -sf "$API/excel/generate" -H "X-API-Key: $KEY" -H "$J" -d '{
  "prompt": "Quarterly revenue by region with totals and a column chart:\n| Region | Q1 | Q2 |\n|---|---|---|\n| North | 120 | 134 |\n| South | 80 | 91 |",
  "async": true
}' | jq -r .task_id)
echo "task $TASK queued"

# Poll until it ends (completed, failed, cancelled or expired).
while :; do
  STATUS=$(curl -sf "$API/tasks/$TASK" -H "X-API-Key: $KEY" | tee task.json | jq -r .status)
  case "$STATUS" in queued|running) sleep 1 ;; *) break ;; esac
done
[ "$STATUS" = completed ] || { echo "task ended $STATUS: $(jq -c .error task.json)" >&2; exit 1; }

RUN=$(jq -r .run_id task.json)
curl -sfL -o revenue.xlsx "$API/runs/$RUN/download" -H "X-API-Key: $KEY"      # 302 to a signed link
curl -sf -o revenue.csv "$(curl -sf "$API/runs/$RUN/export" -H "X-API-Key: $KEY" -H "$J" -d '{"format": "csv"}' | jq -r .download_url)"
echo "run $RUN: saved revenue.xlsx and revenue.csv"
