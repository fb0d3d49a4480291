import './register-paths';
import 'reflect-metadata';
import { main } from './bootstrap';

void main();
