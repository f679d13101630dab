// The browser app's entry: mounts the studio into the page the server serves (GET /, which loads this bundle).
import { render } from 'preact';
import { App } from './app.js';

const root = document.getElementById('app') ?? document.body;
render(<App />, root);
