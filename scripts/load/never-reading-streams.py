#!/usr/bin/env python3
"""Opens N streams of GET /api/events?after=0 that never read on a running `kanban serve`, and
prints the server's resident memory and the time of a /healthz on a new connection every second,
then the memory after the streams close (issue 33, item 1).

usage: never-reading-streams.py PORT SERVER_PID STREAMS [SECONDS] [CLIENT_RCVBUF]
"""
import socket, sys, time, os, subprocess, re
port=int(sys.argv[1]); pid=int(sys.argv[2]); n=int(sys.argv[3]); dur=float(sys.argv[4]) if len(sys.argv)>4 else 30
rcvbuf=int(sys.argv[5]) if len(sys.argv)>5 else 0
def rss():
    for l in open(f'/proc/{pid}/status'):
        if l.startswith('VmRSS'): return int(l.split()[1])//1024
def health():
    t=time.time(); s=socket.create_connection(('127.0.0.1',port),timeout=120)
    s.sendall(b'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    d=s.recv(100); s.close(); return time.time()-t, d[:12]
print('before', rss(), 'MB', flush=True)
socks=[]
for i in range(n):
    s=socket.socket()
    if rcvbuf: s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.connect(('127.0.0.1',port))
    s.sendall(b'GET /api/events?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    socks.append(s)
t0=time.time(); peak=0; slow=0
while time.time()-t0<dur:
    h,_=health(); slow=max(slow,h); r=rss(); peak=max(peak,r)
    print(f'{time.time()-t0:5.1f}s rss {r} MB healthz {h:.3f}s', flush=True)
    time.sleep(1)
print('peak', peak, 'MB; slowest healthz', round(slow,3), flush=True)
for s in socks: s.close()
for i in range(10):
    time.sleep(1)
print('after close', rss(), 'MB', flush=True)
