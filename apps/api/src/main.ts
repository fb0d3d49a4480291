import 'reflect-metadata';
import { main } from './bootstrap';

void main();
