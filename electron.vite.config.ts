import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import pkg from './package.json'

// electron-vite reads Electron's version from its package, which is absent where the binary could
// not be installed (offline machines); the pinned version says the same.
process.env.ELECTRON_MAJOR_VER ??= pkg.optionalDependencies.electron.split('.')[0]

export default defineConfig({
  main: {
    build: {
      target: 'node20',
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          // The Electron shell.
          index: resolve(__dirname, 'src/main/index.ts'),
          // The HTTP host on its own (browser mode, tests): never imports electron.
          serve: resolve(__dirname, 'src/main/serve.ts'),
          // The odds simulator's worker thread (src/main/highseas/odds.ts starts out/main/odds-worker.js).
          'odds-worker': resolve(__dirname, 'src/main/highseas/odds-worker.ts'),
          // Work on campaign files off the main thread: a big file's quick check, a backup's last
          // steps (src/main/campaign/file-work.ts starts out/main/file-worker.js).
          'file-worker': resolve(__dirname, 'src/main/campaign/file-worker.ts')
        }
      }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // Sandboxed preloads must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [vue()],
    build: {
      target: 'es2022',
      outDir: 'out/renderer',
      rolldownOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } }
    }
  }
})
