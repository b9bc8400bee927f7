#!/usr/bin/env python3
# Wall time of the default pipeline (the search) per corpus kernel file:
# python3 scripts/search-bench.py [JOBS]  (run from a built tree)
import json, os, subprocess, time, glob, statistics, sys
root=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
files=sorted(glob.glob(root+'/kernels/build/bugs/*.O0.bc'))+sorted(glob.glob(root+'/kernels/build/func/*.O0.bc'))
rows=[]
for f in files:
    best=None
    for rep in range(2):
        t=time.perf_counter()
        r=subprocess.run([root+'/simulee-c',f,'--format=json','--jobs',sys.argv[1] if len(sys.argv)>1 else '1'],capture_output=True,text=True)
        dt=time.perf_counter()-t
        best=dt if best is None else min(best,dt)
    d=json.loads(r.stdout)
    ev=sum(k['search']['evaluations'] for k in d['kernels'] if 'search' in k)
    rows.append((best,ev,f.split('/')[-2]+'/'+f.split('/')[-1]))
ts=sorted(r[0] for r in rows)
tot_t=sum(r[0] for r in rows); tot_e=sum(r[1] for r in rows)
print(f'{len(rows)} files; wall median {statistics.median(ts)*1000:.1f} ms, p90 {ts[int(len(ts)*0.9)]*1000:.1f} ms, max {ts[-1]*1000:.1f} ms; evaluations {tot_e}, {tot_e/tot_t:.0f} launches/s overall; median evaluations {statistics.median(r[1] for r in rows)}')
for r in sorted(rows)[-5:]: print(f'  {r[2]}: {r[0]*1000:.0f} ms, {r[1]} launches')
bugs=[r for r in rows if r[2].startswith('bugs/')]
bt=sorted(r[0] for r in bugs)
print(f'bug corpus only ({len(bugs)}): median {statistics.median(bt)*1000:.1f} ms, max {bt[-1]*1000:.1f} ms')
