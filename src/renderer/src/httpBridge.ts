import type { DoorEvent, QuarterdeckBridge } from '../../shared/bridge'
import { isErrorBody, type Outcome } from '../../shared/errors'

/** The same bridge as the desktop preload's, over the local HTTP host. */
export function httpBridge(token: string, base = ''): QuarterdeckBridge {
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }
  return {
    platform: 'browser',
    async invoke(name, input) {
      let res: Response
      try {
        res = await fetch(`${base}/api/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input ?? {})
        })
      } catch {
        return { ok: false, error: { code: 'internal', message: 'Quarterdeck is not answering. Is it still running?' } }
      }
      const body: unknown = await res.json().catch(() => null)
      if (res.ok) return { ok: true, value: body } as Outcome<never>
      const error = (body as { error?: unknown } | null)?.error
      if (isErrorBody(error)) return { ok: false, error }
      const message =
        res.status === 401
          ? 'This page’s access token is not valid. Open the link that Quarterdeck printed when it started.'
          : ((error as { message?: string } | undefined)?.message ?? `Quarterdeck answered ${res.status}.`)
      return { ok: false, error: { code: 'internal', message } }
    },
    subscribe(listener) {
      const ctrl = new AbortController()
      let retry = 500
      const connect = async (): Promise<void> => {
        try {
          const res = await fetch(`${base}/api/events`, { headers, signal: ctrl.signal })
          if (!res.ok || !res.body) throw new Error(String(res.status))
          retry = 500
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
          let buf = ''
          for (;;) {
            const { value, done } = await reader.read()
            if (done) break
            buf += value
            let i: number
            while ((i = buf.indexOf('\n\n')) >= 0) {
              const chunk = buf.slice(0, i)
              buf = buf.slice(i + 2)
              for (const line of chunk.split('\n')) {
                if (line.startsWith('data: ')) listener(JSON.parse(line.slice(6)) as DoorEvent)
              }
            }
          }
        } catch {
          if (ctrl.signal.aborted) return
        }
        if (!ctrl.signal.aborted) {
          setTimeout(() => void connect(), retry)
          retry = Math.min(retry * 2, 10_000)
        }
      }
      void connect()
      return () => ctrl.abort()
    }
  }
}

/** The token comes once in the URL (?token=…); keep it for this tab and take it out of the address bar. */
export function takeToken(): string | null {
  const url = new URL(window.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl) {
    sessionStorage.setItem('quarterdeck-token', fromUrl)
    url.searchParams.delete('token')
    window.history.replaceState(null, '', url.pathname + url.search + url.hash)
    return fromUrl
  }
  return sessionStorage.getItem('quarterdeck-token')
}
