#!/bin/sh
# How welcome.webm (the demo's transition and booth video, 8 s, 640x360 VP8, ~50 KB) was made, with Debian's
# ffmpeg and DejaVu fonts. It is committed so the demo needs neither at run time.
set -e
F=/usr/share/fonts/truetype/dejavu
ffmpeg -hide_banner -loglevel error -f lavfi -i "gradients=s=640x360:c0=0x3b5bdb:c1=0x7048e8:speed=0.02:d=8:r=15" \
  -vf "format=yuv420p,drawtext=fontfile=$F/DejaVuSans-Bold.ttf:text='Welcome to the Showfloor Demo Expo':fontcolor=white:fontsize=26:x=(w-tw)/2:y=h/2-40:alpha='min(t/1.5,1)',drawtext=fontfile=$F/DejaVuSans.ttf:text='Booths · Talks · Meetings':fontcolor=white@0.85:fontsize=20:x=(w-tw)/2:y=h/2+10:alpha='min(max(t-1.5,0)/1.5,1)',drawbox=x=0:y=ih-6:w=iw*t/8:h=6:color=0xf76707:t=fill" \
  -c:v libvpx -b:v 90k -crf 40 -auto-alt-ref 0 -an -y "$(dirname "$0")/welcome.webm"
