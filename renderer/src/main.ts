// Renderer entry: picks the transport (lib/bridge) and mounts the app.
import { mount } from 'svelte';
import App from './App.svelte';
import { getBridge } from './lib/bridge';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target, props: { bridge: getBridge() } });
