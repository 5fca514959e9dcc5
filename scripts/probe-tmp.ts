import { readFileSync } from 'node:fs'
import { withCheckLetter } from '#app/lib/upn.ts'
const pid = Number(process.argv[2])
const base = 'http://127.0.0.1:4301'
const mem = () => { const s = readFileSync(`/proc/${pid}/status`, 'utf8'); return `rss ${Math.round(Number(/VmRSS:\s+(\d+)/.exec(s)![1]) / 1024)} hwm ${Math.round(Number(/VmHWM:\s+(\d+)/.exec(s)![1]) / 1024)}` }
const r = await fetch(`${base}/auth/login`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base }, body: new URLSearchParams({ intent: 'password', email: 'office@bench-import.test', password: 'Spencer!2026' }) })
const cookie = r.headers.getSetCookie().map((v) => v.split(';')[0]!).find((v) => v.includes('spencer_session='))!
console.log('signed in', mem())
const csv = ['UPN,Legal Forename,Legal Surname,DOB,NC Year,Gender,SEN', ...Array.from({ length: 10000 }, (_, i) => `${withCheckLetter(`7${String(i).padStart(11, '0')}`)},Pupil,Number ${i},03/09/2014,7,F,N`)].join('\r\n')
const post = (fields: Record<string, string | File>) => { const f = new FormData(); for (const [k, v] of Object.entries(fields)) f.set(k, v); return fetch(`${base}/school-admin/students/import`, { method: 'POST', body: f, redirect: 'manual', headers: { Cookie: cookie, Origin: base } }) }
const checked = await post({ intent: 'check', file: new File([csv], 'p.csv') })
const html = await checked.text()
console.log('checked', checked.status, html.length, mem())
const upload = /name="upload" value="([^"]*)"/.exec(html)![1]!
let peak = ''
const t = setInterval(() => { peak = mem() }, 50)
const started = await post({ intent: 'start', fileName: 'p.csv', upload })
console.log('started', started.status, mem())
await new Promise((res) => setTimeout(res, 6000))
clearInterval(t)
console.log('after', mem())
