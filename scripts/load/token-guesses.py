#!/usr/bin/env python3
"""Sends wrong bearer tokens from 20 keep-alive connections for 5 s to a `kanban serve` with a token
file, prints the answers by status and the guesses per second, then tries one right token.

usage: token-guesses.py PORT [RIGHT_TOKEN]   (issue 33, item 7)
"""
import socket, threading, time, sys
port=int(sys.argv[1]); dur=5; counts={}; lock=threading.Lock()
def worker(i):
    s=socket.create_connection(('127.0.0.1',port)); n=0; codes={}
    end=time.time()+dur
    while time.time()<end:
        try:
            s.sendall(f'GET /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer wrong-guess-{i}-{n}-abcdefgh\r\n\r\n'.encode())
            d=b''
            while b'\r\n\r\n' not in d:
                c=s.recv(4096)
                if not c: raise Exception('closed')
                d+=c
            head,_,rest=d.partition(b'\r\n\r\n')
            L=int([l for l in head.split(b'\r\n') if l.lower().startswith(b'content-length')][0].split(b':')[1])
            while len(rest)<L: rest+=s.recv(4096)
            code=head[9:12].decode(); codes[code]=codes.get(code,0)+1; n+=1
        except Exception:
            s.close(); s=socket.create_connection(('127.0.0.1',port))
    with lock:
        for k,v in codes.items(): counts[k]=counts.get(k,0)+v
ts=[threading.Thread(target=worker,args=(i,)) for i in range(20)]
[t.start() for t in ts]; [t.join() for t in ts]
print(counts, 'guesses/s', round(sum(counts.values())/dur,1))
right = sys.argv[2] if len(sys.argv) > 2 else "0f3a9c2b7d4e8f1a6b5c"
s = socket.create_connection(("127.0.0.1", port))
s.sendall(f"GET /api/boards HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {right}\r\n\r\n".encode())
print("right token:", s.recv(100)[:12])
