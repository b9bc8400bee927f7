#!/usr/bin/env python3
# Wall and CPU time of the default pipeline (the search) per corpus kernel
# file: python3 scripts/search-bench.py [JOBS]  (run from a built tree).
# CPU time is the child's user + system time: on a loaded machine it is
# what one core would take, where wall time also counts waiting for one.
# SIMULEE_ARGS adds options to every run (SIMULEE_ARGS=--no-prune).
import json, os, resource, subprocess, time, glob, statistics, sys
root=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
files=sorted(glob.glob(root+'/kernels/build/bugs/*.O0.bc'))+sorted(glob.glob(root+'/kernels/build/func/*.O0.bc'))
def cpu():
    u=resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime+u.ru_stime
rows=[]
for f in files:
    best=None; bestc=None
    for rep in range(2):
        t=time.perf_counter(); c=cpu()
        r=subprocess.run([root+'/simulee-c',f,'--format=json','--jobs',sys.argv[1] if len(sys.argv)>1 else '1']+os.environ.get('SIMULEE_ARGS','').split(),capture_output=True,text=True)
        dt=time.perf_counter()-t; dc=cpu()-c
        best=dt if best is None else min(best,dt)
        bestc=dc if bestc is None else min(bestc,dc)
    d=json.loads(r.stdout)
    ev=sum(k['search']['evaluations'] for k in d['kernels'] if 'search' in k)
    rows.append((best,ev,f.split('/')[-2]+'/'+f.split('/')[-1],bestc))
def summary(rs, label):
    ts=sorted(r[0] for r in rs); cs=sorted(r[3] for r in rs)
    print(f'{label} ({len(rs)} files): wall median {statistics.median(ts)*1000:.1f} ms, p90 {ts[int(len(ts)*0.9)]*1000:.1f} ms, max {ts[-1]*1000:.1f} ms; '
          f'cpu median {statistics.median(cs)*1000:.1f} ms, p90 {cs[int(len(cs)*0.9)]*1000:.1f} ms, max {cs[-1]*1000:.1f} ms')
tot_t=sum(r[0] for r in rows); tot_e=sum(r[1] for r in rows)
summary(rows,'all')
print(f'evaluations {tot_e}, {tot_e/tot_t:.0f} launches/s overall (wall); median evaluations {statistics.median(r[1] for r in rows)}')
for r in sorted(rows)[-5:]: print(f'  {r[2]}: {r[0]*1000:.0f} ms wall, {r[3]*1000:.0f} ms cpu, {r[1]} launches')
summary([r for r in rows if r[2].startswith('bugs/')],'bug corpus only')
