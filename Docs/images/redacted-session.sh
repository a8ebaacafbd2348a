#!/bin/bash
# A short deploy session: the kind of terminal people turn into a README GIF.
type() { local s="$1"; printf '\033[1;32m$\033[0m '; for ((i=0;i<${#s};i++)); do printf '%s' "${s:i:1}"; sleep 0.04; done; printf '\r\n'; sleep 0.3; }
type "cat deploy.env"
printf 'REGION=eu-west-1\r\nAWS_ACCESS_KEY_ID=AKIAQ4D3PXL2M7RT5JEW\r\nAWS_SECRET_ACCESS_KEY=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\r\nGITHUB_TOKEN=ghp_R8vT3kLm9QwXy2Zp5Nc7Jd4Hs6Fb1Ga0EuKi\r\n'
sleep 1
type "./deploy --env deploy.env"
for step in "building image" "pushing layers" "updating service"; do printf '\033[36m==>\033[0m %s ' "$step"; for i in 1 2 3; do printf '.'; sleep 0.25; done; printf ' \033[32mok\033[0m\r\n'; done
printf 'notified billing contact: card 4111 1111 1111 1111 charged\r\n'
sleep 1.5
